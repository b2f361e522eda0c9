/**
 * What an edit conflict shows (issue 31 item 16): the fields where the typed values and the
 * record's latest version differ, each with both values as a person reads them. Only the fields a
 * form names are compared, in the order it names them, so hidden bookkeeping (a row's React key, a
 * file being picked) never shows up as a difference.
 */

export interface FieldDifference {
  field: string;
  label: string;
  mine: string;
  latest: string;
}

/** How a field's value reads; a form may give its own (a city's name instead of its id). */
export type ShowValue = (value: unknown) => string;

export const EMPTY_VALUE = '(kosong)';

/** Text trimmed; yes/no; a list item by item; nothing as "(kosong)". */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Ya' : 'Tidak';
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_VALUE : value.map((item) => showValue(item)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([key, v]) => key !== 'key' && v !== '' && v !== null && v !== undefined)
      .map(([, v]) => showValue(v));
    return parts.length === 0 ? EMPTY_VALUE : parts.join(', ');
  }
  const text = String(value).trim();
  return text === '' ? EMPTY_VALUE : text;
}

/** The labelled fields whose values read differently in `mine` and `latest`. */
export function formDifferences(mine: object, latest: object, labels: Record<string, string>, show: Partial<Record<string, ShowValue>> = {}): FieldDifference[] {
  const differences: FieldDifference[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const read = show[field] ?? showValue;
    const a = read((mine as Record<string, unknown>)[field]);
    const b = read((latest as Record<string, unknown>)[field]);
    if (a !== b) differences.push({ field, label, mine: a, latest: b });
  }
  return differences;
}
