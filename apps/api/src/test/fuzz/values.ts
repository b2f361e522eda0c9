/**
 * Values the fuzz suite sends: plausible ones drawn from a JSON schema, and hostile ones (numbers
 * beyond int4 and 2^53, text with NUL, control characters and lone surrogates, very long text,
 * wrong types, prototype keys).
 */
import type { JsonSchema } from './openapi';
import type { Rng } from './prng';

/** A JSON token written as is (`1e400`, `-0`), which JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson tokens; keys such as `__proto__` are kept as own keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

export const hostileNumbers: readonly unknown[] = [
  2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -1, 0, 0.5, -0.000001, 1e21, 1e308, -1e308, 99_999_999_999,
  new RawJson('1e400'), new RawJson('-1e400'), new RawJson('1e-400'), new RawJson('-0'), new RawJson('123456789012345678901234567890'),
];

export const hostileStrings: readonly string[] = [
  '', ' ', 'NaN', 'Infinity', '-Infinity', '-1', '0', '2147483648', '99999999999', '1e400', '0x10', '1,5', '1.5', 'true', 'null', '[]', '{}',
  'a\u0000b', '\u0000', '\u0001\u0002\u001f', 'a\u007fb', '\ud800', 'a\udfffb', '\udc00\ud800', '😀', '\u202eabc', '\u200b', 'e\u0301', '\ufeff', '\uffff',
  "' OR 1=1 --", '"; DROP TABLE users; --', '%', '%00', '%E0%A4%A', '\\', '$\'', '$&', '$`', '<script>alert(1)</script>', '../../etc/passwd', '{{7*7}}', '${7*7}',
  'x'.repeat(300), 'x'.repeat(5_000), 'é'.repeat(20_000), 'a\r\nb\tc',
];

function pickLongString(rng: Rng): string {
  return rng.pick(['x', 'é', '😀', 'a\u0000']).repeat(rng.pick([101, 256, 1001, 10_001, 100_001]));
}

/** Any hostile value of any type. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  const kind = rng.int(10);
  if (kind <= 2) return rng.pick(hostileNumbers);
  if (kind <= 5) return rng.chance(0.1) ? pickLongString(rng) : rng.pick(hostileStrings);
  if (kind === 6) return rng.pick([null, true, false]);
  if (kind === 7) return depth > 2 ? [] : [hostileValue(rng, depth + 1), hostileValue(rng, depth + 1)];
  if (kind === 8) return depth > 2 ? {} : { [rng.pick(['a', 'id', 'name', '__proto__', 'constructor'])]: hostileValue(rng, depth + 1) };
  return rng.pick([JSON.parse('{"__proto__":{"admin":true}}') as unknown, { constructor: { prototype: { admin: true } } }, [[[[[]]]]], { length: 1e9 }]);
}

/** Values by field name, where the schema alone does not say what passes (refinements, area ids). */
function hinted(name: string, rng: Rng): unknown {
  if (/email/.test(name)) return `fuzz${rng.int(1e6)}@contoh.id`;
  if (/phone/.test(name)) return '081234567890';
  if (/website|url/.test(name)) return 'https://contoh.id';
  if (/password/.test(name)) return 'rahasia12345';
  if (name === 'username') return `fuzz${rng.int(1e6)}`;
  if (/postcode/.test(name)) return '40111';
  if (/province_id$/.test(name)) return 32;
  if (/city_id$/.test(name)) return 3273;
  if (/district_id$/.test(name)) return 327319;
  return undefined;
}

/** A value the schema would accept, as far as a simple reading of the schema goes. */
export function sampleValue(schema: JsonSchema | undefined, rng: Rng, depth = 0, name = ''): unknown {
  if (!schema || depth > 6) return null;
  const hint = hinted(name, rng);
  if (hint !== undefined && rng.chance(0.9)) return hint;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return rng.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return sampleValue(rng.pick(union), rng, depth + 1, name);
  if (schema.allOf && schema.allOf.length > 0) {
    const parts = schema.allOf.map((s) => sampleValue(s, rng, depth + 1));
    return parts.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  if (schema.nullable && rng.chance(0.1)) return null;
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? {} : rng.pick([1, 'a', true]);
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties)) {
        if (schema.required?.includes(key) || rng.chance(0.6)) out[key] = sampleValue(child, rng, depth + 1, key);
      }
      return out;
    }
    case 'array': {
      const count = Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, rng.int(3)));
      return Array.from({ length: count }, () => sampleValue(schema.items, rng, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const max = Math.min(schema.maximum ?? 10, min + 10);
      return Math.max(min, Math.min(max, rng.pick([1, 2, 3, 5, 10, min])));
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string': {
      if (schema.format === 'email') return rng.pick(['tamu@contoh.id', 'admin@pasar.test']);
      const length = Math.max(schema.minLength ?? 1, 1 + rng.int(8));
      return rng.pick(['Kopi', 'Bandung', 'abc', '081234567890', 'manual']).padEnd(Math.min(length, schema.maxLength ?? length), 'x');
    }
    default:
      return null;
  }
}

/** Every path to a leaf or node of a sampled value, to pick one to break. */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (prefix.length > 0) out.push(prefix);
  if (value instanceof RawJson) return out; // a shared token: never broken in place
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

export function getAt(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

export function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}
