/**
 * One feature's share of a statement another feature runs (decision 075). A checkout reads its
 * products, settings, unpaid counts and courier prices in one statement (issue 15: round trips), so
 * the settings and couriers features hand the orders repository a part: SQL their repository built,
 * placed as a column without being read, and `read`, which turns the column's raw value into the
 * owner's typed value. No feature builds or parses another feature's SQL.
 */
export interface StatementPart<T> {
  /**
   * A scalar SQL expression (drizzle's SQL), built by the owning feature's repository. What varies
   * from one request to the next is a `sql.placeholder()` whose value is in `values`, so the statement
   * it goes into is compiled once per shape and prepared (issue 30: the checkout's CPU).
   */
  readonly sql: unknown;
  /** The placeholders' values; their names start with the part's `key`. */
  readonly values?: Record<string, unknown>;
  /** The same key, the same SQL text whatever the values. */
  readonly key: string;
  /**
   * The part reads only the store's configuration (settings, couriers and their prices), whose
   * version migration 0031 keeps: the statement skips it while that version is the one this process
   * last read it at, and the caller reuses what `read` gave then (issue 30 §3, decision 083).
   */
  readonly config?: boolean;
  read(raw: unknown): T;
}

/** The typed values of a record of parts. */
export type PartValues<P extends Record<string, StatementPart<unknown>>> = { [K in keyof P]: P[K] extends StatementPart<infer T> ? T : never };
