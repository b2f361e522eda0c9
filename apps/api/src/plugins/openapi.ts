/**
 * The API's OpenAPI document (issue 27 §7, docs/decisions/072-openapi-contract.md). What an outside
 * tool needs beyond the routes' own zod schemas is derived here, in one place, from what each route
 * already declares, so a route added tomorrow is covered without being listed anywhere:
 *   - operationId from the method and the path (a route's own `schema.operationId` wins);
 *   - security from `config.access` (plugins/auth.ts), the same declaration that gates the request;
 *   - the error envelope (docs/design.md §4) as one component, referenced by every operation's
 *     error responses;
 *   - multipart bodies from a route's `schema.multipart` (the route reads them by hand, lib/form.ts,
 *     so Fastify must not validate them: the description lives outside `schema.body`).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorStatus } from '@pasar/core/errors';
import type { Access } from './auth';
import type { Config } from '../config';

/** A multipart/form-data body a route reads by hand (lib/form.ts): its text fields and its files. */
export interface MultipartBody {
  /**
   * The text fields, as the service parses them (the same zod schema as the JSON body). Numbers
   * and booleans travel as text; objects and arrays as JSON strings (OpenAPI's default encoding).
   */
  fields?: z.ZodType;
  files: Record<string, { description: string; multiple?: boolean; required?: boolean }>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Documents a multipart body without Fastify validating it (this file). */
    multipart?: MultipartBody;
  }
}

/** The one security scheme: the session token from POST /api/v1/auth/login. */
const BEARER = 'bearer';

/** The envelope of every refusal (docs/design.md §4, packages/core/src/errors ErrorBody). */
const errorBodySchema = {
  type: 'object',
  description: 'Every refusal: a message for a person (Indonesian), a stable code, and per-field messages when input was refused. Some codes add details (e.g. the current stock).',
  required: ['success', 'error', 'code'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string', description: 'Shown to the person as is.', example: 'Data yang dikirim tidak valid. Periksa kembali isian Anda.' },
    code: {
      type: 'string',
      // Core's codes, and the router's own 414 (plugins/errors.ts): a code added to core is listed without a copy here.
      description: `Stable code for programs: ${[...Object.keys(errorStatus), 'URI_TOO_LONG'].join(', ')}.`,
      example: 'VALIDATION_ERROR',
    },
    fields: {
      type: 'object',
      description: 'Field name → message, for the form to show next to each field.',
      additionalProperties: { type: 'string' },
    },
  },
  additionalProperties: true,
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** Shared responses; operations reference them by name (`#/components/responses/<name>`). */
const errorResponses = {
  BadRequest: errorResponse('The input was refused (VALIDATION_ERROR with `fields`, or BAD_REQUEST).'),
  Unauthorized: errorResponse('No valid session token (UNAUTHORIZED).'),
  Forbidden: errorResponse("The account's role may not do this, or the anti-forgery pair did not match (FORBIDDEN)."),
  NotFound: errorResponse('What the path names does not exist or is not yours to see (NOT_FOUND).'),
  PayloadTooLarge: errorResponse('A file or the body is over its limit (PAYLOAD_TOO_LARGE).'),
  ClientError: errorResponse('Any other refusal: a conflict or stale version (409), a rule of the shop (422), too many requests (429)…'),
  InternalError: errorResponse('An unexpected error; it is logged with the request id and nothing internal is shown (INTERNAL).'),
  Unavailable: errorResponse('The database or the disk cannot take the request right now; nothing was written (SERVICE_UNAVAILABLE). Retry-After says when to try again.'),
} as const;

/** One line for each tag the routes use; a tag missing here is still listed, without a line. */
const tagDescriptions: Record<string, string> = {
  health: 'Liveness and readiness for load balancers and supervisors.',
  accounts: 'Signing in and out, registration, password reset, the own profile.',
  catalog: 'The public storefront catalogue.',
  locations: 'Provinces, cities and districts for address pickers.',
  shipping: 'National shipping quotes.',
  couriers: 'Local couriers.',
  payments: 'Payment channels, provider callbacks, the payment desk.',
  orders: "Checkout, order links, a customer's own orders, the order desk.",
  pos: 'Point of sale at the counter.',
  categories: 'Product categories (back office).',
  products: 'Products (back office).',
  knowledge: 'Knowledge entries for the shopping assistant (back office).',
  businesses: 'Partner businesses.',
  mitra: "A partner's corner: its own business only.",
  users: 'Accounts and roles (back office).',
  dashboard: 'Back-office figures.',
  settings: 'Store settings.',
  assistant: 'The shopping assistant.',
  mail: 'The outbox of messages.',
  shipments: 'Shipments per origin.',
  'partner-applications': 'Applications to become a partner.',
  curation: "Partners' proposed changes waiting for approval.",
  settlement: 'What the shop owes each partner.',
  reports: 'Sales reports and exports.',
};

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/**
 * `GET /api/v1/orders/mine/:id` → `getOrdersMineById`: unique as long as method and path are, and
 * stable for as long as the route keeps its path (clients generated from the document keep their
 * method names).
 */
export function operationIdFor(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/v\d+(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...words(segment.slice(1))] : words(segment)));
  const [first = '', ...rest] = [...words(method), ...parts];
  return first + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * Security as the auth hook applies it: anyone (a valid token, when sent, is still read: an order
 * placed by a signed-in customer is theirs), or a valid token (and a role, which OpenAPI's bearer
 * scheme cannot express: it goes to `x-roles`).
 */
function securityFor(access: Access): { security: Record<string, string[]>[]; roles?: readonly string[] } {
  if (access === 'public') return { security: [{}, { [BEARER]: [] }] };
  return { security: [{ [BEARER]: [] }], ...(typeof access === 'object' ? { roles: access.roles } : {}) };
}

type JsonObject = Record<string, unknown>;

/** A multipart field is text: it cannot be null (an empty value is what clears one), so `nullable` goes. */
function withoutNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNullable);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'nullable').map(([key, value]) => [key, withoutNullable(value)]));
}

function multipartSchema(body: MultipartBody, fields: JsonObject | undefined): JsonObject {
  const properties = { ...((withoutNullable(fields?.properties) as Record<string, JsonObject> | undefined) ?? {}) };
  const required = new Set<string>((fields?.required as string[] | undefined) ?? []);
  for (const [name, file] of Object.entries(body.files)) {
    const binary = { type: 'string', format: 'binary' };
    const upload: JsonObject = file.multiple ? { type: 'array', items: binary } : binary;
    const text = properties[name];
    // A field that is text (what the shop already keeps) or a new upload, e.g. `image_cover`.
    properties[name] = text ? { description: file.description, anyOf: [upload, text] } : { description: file.description, ...upload };
    if (file.required) required.add(name);
  }
  return { type: 'object', properties, ...(required.size > 0 ? { required: [...required] } : {}) };
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/** Per route: zod → JSON Schema (the type provider's own transform), then what this file derives. */
const transform: Transform = (input) => {
  const { schema, url, route } = input;
  const { multipart, ...rest } = (schema ?? {}) as NonNullable<typeof schema>;
  const converted = jsonSchemaTransform({
    ...input,
    schema: { ...rest, ...(multipart?.fields ? { body: multipart.fields } : {}) },
  } as Parameters<typeof jsonSchemaTransform>[0]);
  const out = { ...(converted.schema as JsonObject) };
  if (out.hide) return { schema: out, url };

  const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
  // The router ignores a trailing slash (app.ts); the document names each path once, without it.
  const path = url.length > 1 ? url.replace(/\/$/, '') : url;
  out.operationId ??= operationIdFor(method, path);
  const { security, roles } = securityFor((route.config as { access?: Access } | undefined)?.access ?? 'public');
  out.security = security;
  if (roles) out['x-roles'] = roles;
  if (multipart) {
    out.body = multipartSchema(multipart, out.body as JsonObject | undefined);
    out.consumes = ['multipart/form-data'];
  }
  return { schema: out, url: path };
};

interface Operation {
  parameters?: { in: string }[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  'x-roles'?: readonly string[];
  tags?: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const ref = (name: keyof typeof errorResponses) => ({ $ref: `#/components/responses/${name}` });

/** The refusals an operation can meet, from what it takes and who may call it (plugins/errors.ts). */
function addErrorResponses(method: string, operation: Operation): void {
  const responses = (operation.responses ??= {});
  // @fastify/swagger's placeholder for a response the route did not describe in words.
  for (const response of Object.values(responses) as { description?: string }[]) {
    if (response.description === 'Default Response') response.description = 'Success';
  }
  const add = (status: string, name: keyof typeof errorResponses) => {
    responses[status] ??= ref(name);
  };
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0 || operation.requestBody) add('400', 'BadRequest');
  const signedIn = !(operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
  if (signedIn) add('401', 'Unauthorized');
  // A role, or the anti-forgery pair a browser sends with a state change (plugins/xsrf.ts).
  if (operation['x-roles'] || !['get', 'head', 'options'].includes(method)) add('403', 'Forbidden');
  if (parameters.some((p) => p.in === 'path')) add('404', 'NotFound');
  if (operation.requestBody?.content?.['multipart/form-data']) add('413', 'PayloadTooLarge');
  add('4XX', 'ClientError');
  add('500', 'InternalError');
  add('503', 'Unavailable');
}

/** The whole document: servers, info, tags, components, and the error responses of every operation. */
function transformObjectFor(config: Config): NonNullable<FastifyDynamicSwaggerOptions['transformObject']> {
  return (documentObject) => {
    if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
    const document = documentObject.openapiObject as JsonObject & { paths?: Record<string, Record<string, Operation>>; components?: JsonObject };
    const tags: string[] = [];
    for (const methods of Object.values(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!METHODS.includes(method)) continue;
        addErrorResponses(method, operation);
        for (const tag of operation.tags ?? []) if (!tags.includes(tag)) tags.push(tag);
      }
    }
    const components = document.components ?? {};
    return {
      ...document,
      // Paths begin with /api/v1: the server is the shop's own origin (PUBLIC_URL), or wherever
      // the document itself was read from.
      servers: config.PUBLIC_URL
        ? [{ url: config.PUBLIC_URL.replace(/\/+$/, ''), description: 'This shop (PUBLIC_URL)' }]
        : [{ url: '/', description: 'The server this document was read from' }],
      tags: tags.map((name) => (tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name })),
      components: {
        ...components,
        schemas: { ...(components.schemas as JsonObject | undefined), ErrorBody: errorBodySchema },
        responses: { ...(components.responses as JsonObject | undefined), ...errorResponses },
      },
    } as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
  };
}

export function openapiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Pasar UMKM API',
        description: [
          'API toko daring UMKM: katalog, keranjang dan checkout, pesanan, pembayaran, pengiriman, serta back office (admin) dan pojok mitra.',
          '',
          'Every answer is an envelope: `{ success: true, data, message? }` or `{ success: false, error, code, fields? }` (ErrorBody), with `error` a message in Indonesian for a person and `code` stable for programs.',
          'Sign in with POST /api/v1/auth/login and send `data.token` as `Authorization: Bearer <token>`; who may call an operation is its `security` and, for back-office and partner routes, its `x-roles`.',
          'Browsers also get an `XSRF-TOKEN` cookie; a state change that sends it must echo it in `X-XSRF-TOKEN`. Clients without cookies need neither.',
        ].join('\n'),
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          [BEARER]: { type: 'http', scheme: 'bearer', description: 'The session token from POST /api/v1/auth/login (`data.token`).' },
        },
      },
    },
    transform,
    transformObject: transformObjectFor(config),
  };
}
