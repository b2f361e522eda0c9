/**
 * A closed list of values (statuses, kinds, tabs) with the Indonesian word for each. The list feeds
 * `z.enum` and loops; the guard narrows text read from the database or a URL; the label lookup shows
 * a value the code does not know yet as it is, rather than nothing (a row written by a newer server).
 *
 * A module of its own, not in common/index: that one builds zod schemas, which the storefront's first load must
 * not do (apps/web/src/lib/zod-without-eval.ts; e2e/csp.spec.ts fails on it).
 */
export function labelled<const V extends readonly [string, ...string[]]>(values: V, labels: Record<V[number], string>) {
  const known: ReadonlySet<string> = new Set(values);
  const is = (value: string): value is V[number] => known.has(value);
  return {
    values,
    labels,
    is,
    label: (value: string): string => (is(value) ? labels[value] : value),
  };
}
