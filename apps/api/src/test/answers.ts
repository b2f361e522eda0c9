/** Assertions on the API's answer envelope (docs/design.md, conventions §4). */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A refused form: 400, with at least these messages in `fields`. Returns the fields the answer holds. */
export function expectFieldErrors(res: LightMyRequestResponse, fields: Record<string, string>): Record<string, string> {
  expect(res.statusCode).toBe(400);
  const answered = (res.json() as { fields: Record<string, string> }).fields;
  expect(answered).toMatchObject(fields);
  return answered;
}
