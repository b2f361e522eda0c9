/**
 * Fields read by hand (multipart forms, where the route cannot declare a body schema) are checked
 * with the shared schema here and refused like a route schema would be: 400 with `fields`, keyed
 * by the first path segment, the first message of each field winning.
 */
import type { z } from 'zod';
import { AppError } from '@pasar/core/errors';

export function parseFields<S extends z.ZodType>(schema: S, fields: unknown, fallbackMessage: string): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  throw new AppError('VALIDATION_ERROR', Object.values(errors)[0] ?? fallbackMessage, { fields: errors });
}
