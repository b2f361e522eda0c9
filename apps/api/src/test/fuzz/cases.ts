/**
 * One fuzz request from an operation: its path, query, headers and body each either plausible or
 * broken in one of the ways issue 14 lists (wrong types, missing and extra fields, huge numbers,
 * NUL and control characters, lone surrogates, deep and malformed JSON, wrong content types,
 * bodies of several MB, odd cookies and headers).
 */
import type { JsonSchema, Operation } from './openapi';
import type { Rng } from './prng';
import { getAt, hostileStrings, hostileValue, pathsOf, RawJson, sampleValue, setAt, toJsonText } from './values';

export type Role = 'visitor' | 'customer' | 'admin';

export interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A shell command printing the body, for bodies too large to print. */
  bodyRecipe?: string;
  /** What was broken, for the report. */
  note: string;
}

export interface CaseContext {
  /** Ids that exist and may be hit (never the fuzz accounts' own ids). */
  ids: readonly number[];
}

/** Path segments that once crashed a router or handler somewhere, already percent-encoded where needed. */
const hostileSegments = [
  '%00', '%', '%E0%A4%A', '%ZZ', '1'.repeat(150), 'a'.repeat(101), '-1', '0', '2147483648', '99999999999', '1e400', 'NaN', 'Infinity', '1.5', '0x1F', '%2e%2e', '..', '%20', '%2F', '%0A', '%7F', '%C0%AF', '%ED%A0%80', '1%00', '__proto__', 'constructor',
];

function segment(rng: Rng, name: string, schema: JsonSchema, context: CaseContext): string {
  if (rng.chance(0.25)) return rng.pick(hostileSegments);
  if (name === 'token') return rng.chance(0.5) ? 'a'.repeat(64) : '0123456789abcdef'.repeat(4);
  if (schema.enum && schema.enum.length > 0) return String(rng.pick(schema.enum));
  return String(rng.pick(context.ids));
}

function queryValue(rng: Rng, schema: JsonSchema): string {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  if (numeric && rng.chance(0.3)) return rng.pick(['2147483648', '9007199254740993', '99999999999', '-1', '0', '1e400', '1.5', 'NaN', '-2147483649']);
  if (rng.chance(0.5)) {
    const value = sampleValue(schema, rng);
    return encodeURIComponent(String(value));
  }
  if (rng.chance(0.2)) return rng.pick(['%', '%E0%A4%A', '%00', '%ED%A0%80', '1e400', '-0', '+1', '1%2C2', '']);
  const hostile = rng.pick(hostileStrings);
  // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes a hostile client would (CESU-8).
  try {
    return encodeURIComponent(hostile);
  } catch {
    return '%ED%A0%80';
  }
}

function buildQuery(rng: Rng, operation: Operation): string {
  const pairs: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    if (!rng.chance(0.55)) continue;
    pairs.push(`${parameter.name}=${queryValue(rng, parameter.schema)}`);
    if (rng.chance(0.1)) pairs.push(`${parameter.name}=${queryValue(rng, parameter.schema)}`); // duplicates make arrays
    if (rng.chance(0.05)) pairs.push(`${parameter.name}[a]=1`);
  }
  if (rng.chance(0.08)) pairs.push(rng.pick(['zzz=1', '__proto__[admin]=1', 'constructor[prototype][x]=1', 'a[b][c]=d', '=1', '&&&', 'q', 'page=1e400', 'page=-1', 'page_size=99999999999']));
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

const cookies = [
  'XSRF-TOKEN=%', 'XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN=', 'XSRF-TOKEN', '=;;;=', 'XSRF-TOKEN=a; XSRF-TOKEN=b', `XSRF-TOKEN=${'x'.repeat(4000)}`, 'XSRF-TOKEN=%00', 'XSRF-TOKEN="quoted"', 'a=%ZZ; XSRF-TOKEN=%C0%AF', '__proto__=1',
];
const authorizations = ['Bearer', 'Bearer ', 'Bearer x', `Bearer ${'a'.repeat(5000)}`, 'Basic YWRtaW46YWRtaW4=', 'bearer %00', 'Bearer a b', 'Bearer ÿÿÿ', 'Token abc', '\t', 'Bearer ' + 'é'.repeat(10)];
const idempotencyKeys = ['', ' ', 'a', 'x'.repeat(101), 'x'.repeat(10_000), '        ', 'abcdefgh', 'ÿ'.repeat(20), 'a\tb\tc\td\te', '%00%00%00%00', '12345678'];

function hostileHeaders(rng: Rng, headers: Record<string, string>): string {
  const kind = rng.int(8);
  switch (kind) {
    case 0:
      headers.cookie = rng.pick(cookies);
      return `cookie ${headers.cookie.slice(0, 40)}`;
    case 1:
      headers.cookie = 'XSRF-TOKEN=abc';
      headers['x-xsrf-token'] = rng.pick(['abc', 'abd', '', 'x'.repeat(100)]);
      return 'xsrf pair';
    case 2:
      headers.authorization = rng.pick(authorizations);
      return 'garbage authorization';
    case 3:
      headers['idempotency-key'] = rng.pick(idempotencyKeys);
      return 'idempotency key';
    case 4:
      headers.range = rng.pick(['bytes=0-10', 'bytes=-1', 'bytes=99999999999-', 'bytes=a-b', 'bytes=0-0,1-1,2-2,3-3']);
      return 'range';
    case 5:
      headers.accept = rng.pick(['text/html', 'application/xml', '*/*;q=x', '', 'ÿ']);
      return 'accept';
    case 6:
      headers['x-forwarded-for'] = rng.pick(['1.2.3.4, 5.6.7.8', 'garbage', '::1, ::1, ::1', '999.999.999.999', '']);
      return 'forwarded for';
    default:
      headers['accept-encoding'] = rng.pick(['gzip', 'br;q=2', 'x'.repeat(1000)]);
      return 'accept-encoding';
  }
}

/** Field names for routes that read their body by hand (multipart forms, uploads, callbacks). */
const undeclaredFields: Record<string, JsonSchema> = {
  name: { type: 'string', maxLength: 150 },
  title: { type: 'string', maxLength: 150 },
  description: { type: 'string' },
  price: { type: 'integer', minimum: 0 },
  stock: { type: 'integer', minimum: 0 },
  category_id: { type: 'integer', minimum: 1 },
  business_id: { type: 'integer', minimum: 1 },
  product_id: { type: 'integer', minimum: 0 },
  weight_grams: { type: 'integer', minimum: 1 },
  version: { type: 'integer', minimum: 1 },
  discount: { type: 'number', minimum: 0, maximum: 100 },
  is_active: { type: 'boolean' },
  size_variants: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, price: { type: 'integer' }, stock: { type: 'integer' } } } },
  option_groups: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, values: { type: 'array', items: { type: 'string' } } } } },
  images: { type: 'array', items: { type: 'string' } },
  file: { type: 'string' },
  reference: { type: 'string' },
  status: { type: 'string' },
  merchant_ref: { type: 'string' },
};
const undeclaredSchema: JsonSchema = { type: 'object', properties: undeclaredFields };

/** Numbers just past what an int4 column, a double or a count can hold. */
const boundaryNumbers: readonly unknown[] = [2 ** 31, 2 ** 53, 99_999_999_999, -1, 0, -(2 ** 31) - 1, 1.5, new RawJson('1e400')];

/**
 * A sampled body with fields broken: often exactly one (so the rest is valid and the request gets
 * as far as the database), where a number becomes one past its column's range; otherwise one to
 * three fields replaced by hostile values, removed, or added.
 */
function brokenBody(rng: Rng, schema: JsonSchema): { value: unknown; note: string } {
  const value = sampleValue(schema, rng);
  const notes: string[] = [];
  const single = rng.chance(0.7);
  const rounds = single ? 1 : 1 + rng.int(3);
  for (let i = 0; i < rounds; i++) {
    const paths = pathsOf(value);
    const action = rng.int(10);
    if (paths.length === 0 || action === 9) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const key = rng.pick(['extra', '__proto__', 'constructor', 'id', 'user_id', 'role', 'is_admin', 'total_amount', 'a\u0000b', '\ud800']);
        Object.defineProperty(value, key, { value: hostileValue(rng), enumerable: true, configurable: true, writable: true });
        notes.push(`extra ${JSON.stringify(key)}`);
      }
      continue;
    }
    const path = rng.pick(paths);
    const current = getAt(value, path);
    if (action === 8) {
      setAt(value, path, undefined, true);
      notes.push(`missing ${path.join('.')}`);
    } else if (single && typeof current === 'number') {
      setAt(value, path, rng.pick(boundaryNumbers));
      notes.push(`out of range ${path.join('.')}`);
    } else if (single && typeof current === 'string') {
      setAt(value, path, `${current}${rng.pick(['\u0000', '\u0001', '\ud800', '\u007f', '\udfff'])}${current}`);
      notes.push(`control character in ${path.join('.')}`);
    } else {
      setAt(value, path, hostileValue(rng));
      notes.push(`broken ${path.join('.')}`);
    }
  }
  return { value, note: notes.join(', ') || 'sampled' };
}

function multipart(rng: Rng, fields: Record<string, unknown>, withFiles: boolean): { body: Buffer; boundary: string } {
  const boundary = `fuzz${rng.int(1e9)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : toJsonText(value);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '')}"\r\n\r\n${text}\r\n`));
  }
  if (withFiles) {
    const files = 1 + rng.int(3);
    for (let i = 0; i < files; i++) {
      const field = rng.pick(['image_cover', 'images', 'file', 'proof', 'other']);
      const bytes = rng.pick([
        Buffer.from('hello'),
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
        Buffer.from('%PDF-1.4\n%garbage'),
        Buffer.alloc(0),
        Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '),
      ]);
      const filename = rng.pick(['a.png', 'a.jpg', '../../x.webp', 'a\u0000.png', '', 'é.pdf', 'x'.repeat(300) + '.txt', 'a.md']);
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${rng.pick(['image/png', 'application/pdf', 'text/plain', 'application/octet-stream'])}\r\n\r\n`));
      chunks.push(bytes, Buffer.from('\r\n'));
    }
  }
  if (!rng.chance(0.05)) chunks.push(Buffer.from(`--${boundary}--\r\n`)); // sometimes cut short
  return { body: Buffer.concat(chunks), boundary };
}

const malformedJson = ['{', '{"a":', '[1,]', 'nul', '{"a":1}}', '\u0000', '\ufeff{}', "{'a':1}", '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":1,"a":2}', '""', '0', '-', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\\', '[]', 'null', 'true', ' '];

function setBody(rng: Rng, operation: Operation, request: FuzzRequest): string {
  const schema = operation.body ?? undeclaredSchema;
  const kind = rng.int(100);
  if (kind < 50) {
    const { value, note } = brokenBody(rng, schema);
    request.headers['content-type'] = 'application/json';
    request.payload = toJsonText(value);
    return `json body: ${note}`;
  }
  if (kind < 56) {
    request.headers['content-type'] = 'application/json';
    request.payload = toJsonText(sampleValue(schema, rng));
    return 'json body: sampled';
  }
  if (kind < 61) {
    request.headers['content-type'] = 'application/json';
    request.payload = toJsonText(hostileValue(rng));
    return 'json body: hostile value as the whole body';
  }
  if (kind < 68) {
    request.headers['content-type'] = rng.pick(['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1']);
    request.payload = rng.pick(malformedJson);
    return 'json body: malformed';
  }
  if (kind < 71) {
    const depth = rng.pick([33, 1_000, 10_000, 100_000]);
    const asObject = rng.chance(0.5);
    request.headers['content-type'] = 'application/json';
    request.payload = asObject ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
    request.bodyRecipe = asObject
      ? `python3 -c "import sys; sys.stdout.write('{\\"a\\":' * ${depth} + '1' + '}' * ${depth})"`
      : `python3 -c "import sys; sys.stdout.write('[' * ${depth} + ']' * ${depth})"`;
    return `json body nested ${depth} deep`;
  }
  if (kind < 73) {
    const size = rng.pick([1_048_577, 3_000_000, 6_000_000]);
    request.headers['content-type'] = rng.pick(['application/json', 'multipart/form-data; boundary=x', 'text/plain']);
    request.payload = `{"name":"${'x'.repeat(size)}"}`;
    request.bodyRecipe = `python3 -c "import sys; sys.stdout.write('{\\"name\\":\\"' + 'x' * ${size} + '\\"}')"`;
    return `body of ${size} bytes`;
  }
  if (kind < 84) {
    const type = rng.pick([
      'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=abc', 'application/octet-stream',
      'application/json; charset=utf-16', 'application/xml', '*/*', 'application/json, text/plain', 'ÿ', 'application/vnd.api+json',
    ]);
    request.headers['content-type'] = type;
    request.payload = rng.pick(['{"a":1}', 'a=1&b=%00&c[]=2', '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', '\u0000\u0001', '', 'x'.repeat(1000)]);
    return `content type ${type}`;
  }
  const { value } = brokenBody(rng, schema);
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  const { body, boundary } = multipart(rng, fields, rng.chance(0.7));
  request.headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  request.payload = body;
  return 'multipart form';
}

export function generateCase(rng: Rng, operation: Operation, role: Role, context: CaseContext): FuzzRequest {
  const request: FuzzRequest = { role, method: operation.method, url: '', headers: {}, note: '' };
  const notes: string[] = [];
  let path = operation.path;
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    path = path.replace(`{${parameter.name}}`, segment(rng, parameter.name, parameter.schema, context));
  }
  request.url = path + buildQuery(rng, operation);
  if (rng.chance(0.2)) notes.push(hostileHeaders(rng, request.headers));
  const sendsBody = operation.body !== undefined || operation.undeclaredBody || rng.chance(0.05);
  if (sendsBody && operation.method !== 'GET') notes.push(setBody(rng, operation, request));
  else if (sendsBody && rng.chance(0.5)) {
    request.headers['content-type'] = 'application/json';
    request.payload = rng.pick(malformedJson);
    notes.push('GET with a body');
  }
  request.note = notes.join('; ') || 'plain';
  return request;
}

