/** Category use cases of the back office. */
import { categoryMessages, type AdminCategory, type CategoryInput, type CategoryUpdate } from '@pasar/core/categories';
import { AppError } from '@pasar/core/errors';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import {
  categoryExists,
  countProductsOfCategory,
  deleteCategoryRow,
  findCategory,
  insertCategory,
  isCategoryNameTaken,
  listCategories,
  updateCategory,
} from './categories.repository';

export { categoryExists, listCategories };

/** A second category of the same name (any letter case) is answered on the name field, 409. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isCategoryNameTaken(error)) throw new AppError('CONFLICT', categoryMessages.nameTaken, { fields: { name: categoryMessages.nameTaken } });
    throw error;
  }
}

export async function createCategory(db: Db, input: CategoryInput): Promise<AdminCategory> {
  const id = await withUniqueName(() => insertCategory(db, input));
  return (await findCategory(db, id))!;
}

export async function editCategory(db: Db, id: number, update: CategoryUpdate): Promise<AdminCategory> {
  const { version, ...input } = update;
  // Renaming a category to another letter case of its own name is allowed: the index compares it
  // with the other rows only.
  await versionedUpdateResult(await withUniqueName(() => updateCategory(db, id, version, input)), () => categoryExists(db, id), categoryMessages.notFound);
  return (await findCategory(db, id))!;
}

/**
 * A category that still has products (active or not) is refused: deleting it would orphan them
 * or lose them. The admin moves the products or deactivates the category instead.
 */
export async function removeCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await categoryExists(tx, id))) throw new AppError('NOT_FOUND', categoryMessages.notFound);
    const count = await countProductsOfCategory(tx, id);
    if (count > 0) throw new AppError('CONFLICT', categoryMessages.hasProducts(count));
    await deleteCategoryRow(tx, id);
  });
}
