/** Small helpers every route uses: the success envelope and the shared param schemas. */
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
