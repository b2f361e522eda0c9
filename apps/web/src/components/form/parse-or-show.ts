/**
 * The check a dialog or a filter runs before it sends what it holds outside a react-hook-form
 * form (a reason box, a pair of dates): the same core schema the route applies. A refusal shows
 * the schema's first message, else `fallback` (the spec's words), through `show` and gives null;
 * a pass clears what `show` was showing and gives the parsed value.
 */
import type { Schema } from '@pasar/core/validation';

export function parseOrShow<Output>(schema: Schema<Output>, value: unknown, fallback: string, show: (problem: string | null) => void): Output | null {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    show(parsed.error.issues[0]?.message ?? fallback);
    return null;
  }
  show(null);
  return parsed.data;
}
