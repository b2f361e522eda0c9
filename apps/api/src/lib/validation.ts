/**
 * How the API names the fields of a refused payload, in one place: the route schemas' refusals
 * (plugins/errors.ts) and the fields read by hand (multipart forms, where the route cannot declare
 * a body schema) answer the same 400 with `fields`, keyed by the dotted path
 * (`bank_accounts.0.bank_name`, `_` for the payload itself), the first message of each field winning.
 */
import type { z } from 'zod';
import { AppError } from '@pasar/core/errors';

export function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '_';
}

export function fieldMessages(issues: Iterable<{ path: readonly PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[fieldName(issue.path)] ??= issue.message;
  return fields;
}

export function parseFields<S extends z.ZodType>(schema: S, fields: unknown, fallbackMessage: string): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = fieldMessages(parsed.error.issues);
  throw new AppError('VALIDATION_ERROR', Object.values(errors)[0] ?? fallbackMessage, { fields: errors });
}
