/** Schema pieces every back-office payload shares. */
import { z } from 'zod';
import { fieldLabelOf } from '../validation/field-labels';

export const versionMessage = 'Versi data wajib dikirim.';

/**
 * The largest value of a PostgreSQL `integer` column (int4). Every id, version and count a request
 * carries into such a column is bounded by it at the schema edge: beyond it the database refuses the
 * query and the request would answer 500 (issue 14).
 */
export const INT4_MAX = 2_147_483_647;

/** A positive id of a row (int4), refused with `message` when it is anything else. */
export function idField(message?: string) {
  const m = message === undefined ? undefined : { error: message };
  return z.number(m).int(m).positive(m).max(INT4_MAX, m);
}

/**
 * Amounts are stored in int4 columns too (docs/decisions/003-integer-rupiah.md): prices up to a
 * billion times quantities up to a thousand can pass them, so an order's total is checked before
 * it is stored. The margin covers the manual-transfer unique code (at most 999) added later.
 */
export const totalTooLargeMessage = 'Total pesanan terlalu besar.';
export function totalTooLarge(total: number): boolean {
  return !Number.isSafeInteger(total) || total + 1000 > INT4_MAX;
}

/** idField that also reads numbers sent as text (query strings, multipart fields). */
export function coercedIdField(message?: string) {
  const m = message === undefined ? undefined : { error: message };
  return z.coerce.number(m).int(m).positive(m).max(INT4_MAX, m);
}

/**
 * The version of the record the editor read (docs/decisions/009-optimistic-concurrency.md).
 * Required on every update so no client can skip the stale-update guard.
 */
export const versionField = idField(versionMessage);

/** Accepts numbers sent as strings (multipart forms send every field as text). */
export const coercedVersionField = coercedIdField(versionMessage);

/** Sort directions of every back-office list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The `sort` and `dir` query fields of a back-office list (issue 17: sorting on every list). Each
 * list names the columns it can sort by; anything else falls back to the list's default order
 * instead of failing, since a stale bookmark should still open the list.
 */
export function sortQueryFields<const F extends readonly [string, ...string[]]>(fields: F, defaults: { sort: F[number]; dir: SortDirection }) {
  return {
    sort: z.enum(fields).catch(defaults.sort).default(defaults.sort),
    dir: z.enum(SORT_DIRECTIONS).catch(defaults.dir).default(defaults.dir),
  };
}

/**
 * The `q` of a back-office list searched on the server (issue 31: categories, knowledge, couriers,
 * outbox): trimmed, an empty box means no search; longer than any name the lists hold is refused.
 */
export const listSearchField = z.string().trim().max(200, { error: 'Pencarian maksimal 200 karakter.' }).optional();

/** The refusal of text longer than its field holds, where the field has no words of its own. */
export const tooLongMessage = (max: number) => `Maksimal ${max} karakter.`;

/**
 * A required line of text, trimmed: missing, empty or blank all give `message`; longer than `max`
 * gives `tooLong`.
 */
export function requiredText(message: string, max: number, tooLong: string = tooLongMessage(max)) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });
}

/** An optional line of text, trimmed: blank is "not given" (null); longer than `max` is refused. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(max) })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Far beyond the last page of any list this shop holds; a larger number is a hand-made address. */
const MAX_PAGE = 100_000;

/** The `page` query field of a paginated list: 1 when left out; refused with `message` (or zod's words) when not a whole number from 1. */
export function pageQueryField(message?: string) {
  const m = message === undefined ? undefined : { error: message };
  return z.coerce.number(m).int(m).min(1, m).max(MAX_PAGE, m).default(1);
}

/** The `page_size` query field of a paginated list: one of the sizes its page offers, `defaultSize` when left out. */
export function pageSizeQueryField(sizes: readonly number[], defaultSize: number, message?: string) {
  return z.coerce
    .number()
    .int()
    .refine((n) => sizes.includes(n), message === undefined ? undefined : { error: message })
    .default(defaultSize);
}

/** One whole-number count per key, in the keys' order: what a list's tabs show beside their names. */
export function countFields<const K extends readonly string[]>(keys: K) {
  return Object.fromEntries(keys.map((key) => [key, z.number().int()])) as { [P in K[number]]: z.ZodNumber };
}

/** The fields every page of a list answers with: its rows, how many match in all, and which page of what size this is. */
export function pageFields<T extends z.ZodType>(item: T) {
  return {
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  };
}

/**
 * Text PostgreSQL cannot store or that no form sends: NUL (refused by PostgreSQL), the other C0
 * control characters and DEL, and lone UTF-16 surrogates (which cannot be encoded as UTF-8).
 * Tab, line feed and carriage return stay allowed: text areas send them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

export const forbiddenTextMessage = 'Teks mengandung karakter yang tidak diizinkan.';

/** The refusal naming the field as the page does (`shipping_name` → "Nama penerima", issue 31), or the generic one. */
export function forbiddenTextFieldMessage(field: string | undefined): string {
  return field ? `${fieldLabelOf(field.split('.'))} mengandung karakter yang tidak diizinkan.` : forbiddenTextMessage;
}

/** Deeper than any payload of this product: refused before anything walks it. */
export const MAX_PAYLOAD_DEPTH = 32;
export const tooDeepMessage = 'Struktur data yang dikirim terlalu dalam.';

export type TextProblem = { kind: 'characters'; path: (string | number)[] } | { kind: 'depth'; path: (string | number)[] };

/**
 * The first string (value or key) in a parsed payload that holds forbidden characters, or the first
 * place nested deeper than MAX_PAYLOAD_DEPTH. Iterative, so a hostile nesting cannot exhaust the stack.
 */
export function findTextProblem(value: unknown): TextProblem | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current)) return { kind: 'characters', path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_PAYLOAD_DEPTH) return { kind: 'depth', path };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (hasForbiddenCharacters(key)) return { kind: 'characters', path };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}
