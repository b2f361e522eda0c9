/**
 * The one way a web form is built (docs/decisions/015-web-forms.md): react-hook-form holding the
 * inputs as typed, checked on submit by the same core zod schema the API route applies, so the
 * screen refuses exactly what the server would, in the same words, and shows every refused field
 * at once. What the server still refuses comes back as `ApiError.fields` and is put on the same
 * fields with `setError`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { checkedAfter, type ParseOptions, type Schema } from '@pasar/core/validation';
import { ApiError } from '../../lib/api-client';

export interface ZodFormOptions<TValues extends FieldValues> extends Omit<UseFormProps<TValues, unknown, never>, 'resolver'> {
  defaultValues: UseFormProps<TValues>['defaultValues'];
  /**
   * Turns what the inputs hold into what the schema reads, when they differ (a version the form
   * does not show, an empty number box meaning "not given"). Issue paths stay the schema's.
   */
  toInput?: (values: TValues) => unknown;
  /** Passed to the parse, e.g. an error map for rules whose schema carries no message. */
  schemaOptions?: ParseOptions;
}

/** A resolver checking `schema` (after `toInput`); on success the form receives the schema's output. */
export function zodFormResolver<TValues extends FieldValues, TOutput>(schema: Schema<TOutput>, toInput?: (values: TValues) => unknown, schemaOptions?: ParseOptions): Resolver<TValues, unknown, TOutput> {
  const checked = toInput ? checkedAfter(schema, toInput) : schema;
  // The schemas read text ids and numbers on purpose (inputs hold text), so their declared input
  // types are `unknown` in places; the form's own value type is the one that matters here.
  return zodResolver(checked as Schema<TOutput> & { _zod: { input: FieldValues } }, schemaOptions) as unknown as Resolver<TValues, unknown, TOutput>;
}

export function useZodForm<TValues extends FieldValues, TOutput>(schema: Schema<TOutput>, { toInput, schemaOptions, ...options }: ZodFormOptions<TValues>): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({ ...(options as UseFormProps<TValues, unknown, TOutput>), resolver: zodFormResolver(schema, toInput, schemaOptions) });
}

/**
 * Puts the server's field errors (`{ "<field>": "<message>" }`, dotted paths for rows such as
 * `bank_accounts.0.bank_name`) on the form's fields; `rename` maps a server name onto the input
 * that shows it. Returns how many were set, so a screen can add its "recheck the red fields" line.
 */
export function setServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormReturn<TValues, unknown, never>['setError'] | UseFormReturn<TValues>['setError'],
  rename: Record<string, string> = {},
): number {
  if (!(error instanceof ApiError) || !error.fields) return 0;
  const entries = Object.entries(error.fields);
  for (const [field, message] of entries) setError((rename[field] ?? field) as Path<TValues>, { type: 'server', message });
  return entries.length;
}

/** The message of the field at `name` (dotted path), or of the list itself for a field array. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  const node: unknown = get(errors, name);
  if (!node || typeof node !== 'object') return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  const root = (node as { root?: { message?: unknown } }).root?.message;
  return typeof root === 'string' ? root : undefined;
}

/** The first message at or below `name`: a group (variant rows, option groups) shows one line for all its inputs. */
export function firstErrorUnder(errors: FieldErrors, name: string): string | undefined {
  const walk = (node: unknown, depth: number): string | undefined => {
    if (!node || typeof node !== 'object' || depth > 6) return undefined;
    const own = (node as { message?: unknown }).message;
    if (typeof own === 'string' && own) return own;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'types') continue;
      const found = walk(child, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(get(errors, name), 0);
}
