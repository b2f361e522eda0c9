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

/** A success answer's `data`, once the status is the one expected (the body shows when it is not). */
export function dataOf<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
}
