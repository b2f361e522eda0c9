/**
 * Optimistic concurrency for back-office edits (docs/decisions/009-optimistic-concurrency.md).
 * Every editable record carries a `version`; an update names the version it read and runs as
 * `UPDATE … WHERE id = $id AND version = $version RETURNING …`, bumping the version. When no row
 * comes back, either the record is gone (404) or another admin saved first (409 STALE_UPDATE):
 * the second save is refused instead of silently overwriting the first.
 */
import { AppError, genericMessages } from '@pasar/core/errors';

/**
 * Turns the rows of a versioned update into the updated row, or the right error.
 * `exists` is asked only when nothing was updated, to tell "gone" from "stale".
 */
export async function versionedUpdateResult<T>(
  rows: T[],
  exists: () => Promise<boolean>,
  notFoundMessage: string = genericMessages.notFound,
): Promise<T> {
  const row = rows[0];
  if (row !== undefined) return row;
  if (!(await exists())) throw new AppError('NOT_FOUND', notFoundMessage);
  throw new AppError('STALE_UPDATE', genericMessages.staleUpdate);
}
