/** Small helpers every route uses: the success envelope, the shared param schemas and who sent a request. */
import { z } from 'zod';
import { genericMessages, type SuccessBody } from '@pasar/core/errors';

export function ok<T>(data: T, message?: string): SuccessBody<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

/** A positive integer id from the path; anything else is a 400 with a clear message. */
export const idParam = z.coerce
  .number({ message: genericMessages.invalidId })
  .int({ message: genericMessages.invalidId })
  .positive({ message: genericMessages.invalidId })
  .max(2_147_483_647, { message: genericMessages.invalidId });

export const idParams = z.object({ id: idParam });

/** Envelope schema for OpenAPI response documentation. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** Who sent a request, as a new session records it: the address, and the browser's User-Agent when one came. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

export function clientOf(request: { ip: string; headers: Record<string, unknown> }): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}
