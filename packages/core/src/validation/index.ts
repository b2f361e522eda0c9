/**
 * Indonesian fallback messages for validation rules that carry no message of their own.
 * The spec's own texts live inside the schemas (docs/design.md §2) and always win; this map only
 * replaces zod's English defaults ("Too big: expected string to have <=4000 characters"),
 * so no refusal reaches a person in English or in developer jargon.
 */
import { z } from 'zod';
import { fieldLabelOf } from './field-labels';

export { fieldLabelOf, fieldLabels } from './field-labels';

type RawIssue = z.core.$ZodRawIssue;

const unit: Record<string, string> = { string: 'karakter', array: 'item', set: 'item', map: 'item', file: 'byte' };

/** "Alamat pengiriman maksimal 500 karakter.": the field as the page labels it (issue 31), never its payload name. */
function withField(path: readonly PropertyKey[] | undefined, rest: string): string {
  return `${fieldLabelOf(path) ?? 'Isian'} ${rest}`;
}

export function indonesianIssueMessage(issue: RawIssue): string {
  const path = issue.path;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return withField(path, 'wajib diisi.');
      if (issue.expected === 'int') return withField(path, 'harus berupa bilangan bulat.');
      return withField(path, 'berisi jenis data yang salah.');
    case 'too_small': {
      const min = Number(issue.minimum);
      const u = unit[issue.origin ?? ''];
      if (u === 'karakter' && min === 1) return withField(path, 'wajib diisi.');
      if (u) return withField(path, `minimal ${min} ${u}.`);
      return withField(path, `minimal ${issue.inclusive === false ? `lebih dari ${min}` : min}.`);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const u = unit[issue.origin ?? ''];
      if (u) return withField(path, `maksimal ${max} ${u}.`);
      return withField(path, `maksimal ${issue.inclusive === false ? `kurang dari ${max}` : max}.`);
    }
    case 'invalid_format':
      return issue.format === 'email' ? withField(path, 'harus berupa alamat email yang valid.') : withField(path, 'formatnya tidak valid.');
    case 'invalid_value':
      return withField(path, 'berisi pilihan yang tidak dikenal.');
    case 'not_multiple_of':
      return withField(path, `harus kelipatan ${String(issue.divisor)}.`);
    case 'unrecognized_keys':
      return `Isian tidak dikenal: ${issue.keys.join(', ')}.`;
    default:
      return withField(path, 'tidak valid.');
  }
}

/** Installs the fallback for every schema in this process (call once at start). */
export function installIndonesianValidationMessages(): void {
  z.config({ customError: (issue) => indonesianIssueMessage(issue) });
}

/** A schema as the web forms hold it: what it reads is the form's business, what it returns is typed. */
export type Schema<Output = unknown> = z.ZodType<Output>;
/** Options of one parse, e.g. an error map for rules whose schema carries no message. */
export type ParseOptions = z.core.ParseContext<z.core.$ZodIssue>;

/**
 * `schema` checking `toInput(value)` instead of the value itself: a form's inputs hold text and
 * leave out what they do not show (a record's version), and the same payload rules apply to what
 * they make. Issue paths stay the schema's, so each message lands on the field of that name.
 */
export function checkedAfter<Output, Value>(schema: Schema<Output>, toInput: (value: Value) => unknown): Schema<Output> {
  return z.preprocess((value) => toInput(value as Value), schema);
}

/**
 * The longest text a field's schema keeps (its `.max`), looking through optional, nullable,
 * default and transform wrappers; undefined when the field has no such limit. The forms give their
 * inputs this `maxLength` (issue 31), so a person cannot type past what the server will refuse.
 */
export function textMaxLength(schema: z.ZodType | undefined): number | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 12 && current instanceof z.ZodType; depth++) {
    if (current instanceof z.ZodString) return current.maxLength ?? undefined;
    const def = current._zod.def as { innerType?: unknown; in?: unknown; out?: unknown };
    current = def.innerType ?? (def.in instanceof z.ZodType && !(def.in instanceof z.ZodTransform) ? def.in : def.out);
  }
  return undefined;
}

/** `textMaxLength` of every field of an object schema, by field name. */
export function textMaxLengths<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): { [K in keyof Shape]: number | undefined } {
  const out: Record<string, number | undefined> = {};
  for (const [key, field] of Object.entries(schema.shape)) out[key] = textMaxLength(field as z.ZodType);
  return out as { [K in keyof Shape]: number | undefined };
}
