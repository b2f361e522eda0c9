import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Answers written by fast-json-stringify from the JSON Schema of the route's zod response schema,
 * instead of fastify-type-provider-zod's default (a zod parse of the whole answer, then
 * JSON.stringify), for the hottest and the largest answers: the catalogue (issue 15), the order desk
 * and the reports. The answers are built from typed rows, and the types are checked against the same
 * schemas at compile time; what is given up is a run-time check of each answer, the price of which
 * is paid on every request. Only the schema's fields are written, as zod did. A scope opts in with
 * `app.setSerializerCompiler(fastSerializerCompiler)`.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Parameters<typeof fastJson>[0]);
