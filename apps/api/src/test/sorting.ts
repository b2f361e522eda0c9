/**
 * The reference a back-office list's sort is held to (issue 31): the column's value, then the id,
 * both the chosen way; a row without a value (null) last either way.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export type SortDirection = 'asc' | 'desc';

/** Each sort column with each direction: the cases of a list's `it.each` sort test. */
export function sortCases<S extends string>(sorts: readonly S[]): (readonly [S, SortDirection])[] {
  return sorts.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const));
}

/** `items` in the order the list promises for `dir` on the value `keyOf` reads. */
export function sortedBy<T extends { id: number }>(items: readonly T[], keyOf: (item: T) => string | number | null, dir: SortDirection): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    if (x === null || y === null) return x === y ? (a.id - b.id) * sign : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
  });
}

type DatedTable = 'categories' | 'couriers' | 'knowledge_entries' | 'mail_outbox';

/** Sets a row's created_at `days` from now (negative: back), so the date order differs from the id order. */
export async function setCreatedDaysFromNow(db: DbOrTx, table: DatedTable, id: number, days: number): Promise<void> {
  await db.execute(sql`UPDATE ${sql.identifier(table)} SET created_at = now() + make_interval(days => ${days}) WHERE id = ${id}`);
}

/**
 * A list's rows, one a name: `make` makes each in the order given (listed unlike the names' sorted
 * order), then each is dated 0 to 4 days back in an order unlike both: the i-th, 2i mod 5 days.
 */
export async function makeRowsDatedApart(db: DbOrTx, table: DatedTable, names: readonly string[], make: (name: string, i: number) => Promise<{ id: number }>): Promise<void> {
  for (const [i, name] of names.entries()) {
    const made = await make(name, i);
    await setCreatedDaysFromNow(db, table, made.id, -((i * 2) % 5));
  }
}
