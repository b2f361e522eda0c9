/**
 * Recognising database errors, in one place. PostgreSQL names a unique violation SQLSTATE 23505;
 * node-postgres puts the code on the error, drizzle on PGlite may wrap it in `cause`.
 */
interface PgErrorShape {
  code?: string;
  constraint?: string;
  cause?: { code?: string; constraint?: string };
}

/** The violated unique constraint's name, or undefined when the error is not a unique violation. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const e = (error ?? {}) as PgErrorShape;
  if ((e.code ?? e.cause?.code) !== '23505') return undefined;
  return e.constraint ?? e.cause?.constraint ?? '';
}
