/**
 * Product use cases of the back office (docs/requirements/back-office.md §5): validation with the shared schema,
 * images stored only after the fields are valid, one transaction for the product and its
 * variants, a versioned update, and old image files removed once the new state is committed.
 */
import type { Product, ProductPage } from '@pasar/core/catalog';
import { curationMessages, type AdminProductCuration } from '@pasar/core/curation';
import { AppError } from '@pasar/core/errors';
import { productInputSchema, productMessages, productUpdateSchema, type AdminProductQuery, type AdminProductStats, type ProductInput } from '@pasar/core/products';
import type { Db, DbOrTx } from '../../db/client';
import { deleteProductImage, storeProductImage, type ImageStoreOptions } from '../../lib/images';
import { versionedUpdateResult } from '../../lib/optimistic';
import { parseFields } from '../../lib/validation';
import { businessExists } from '../businesses/businesses.service';
import { productsByIds } from '../catalog/catalog.service';
import { productFigures } from '../dashboard/dashboard.service';
import { categoryExists } from '../categories/categories.service';
import type { ProductForm } from './product-form';
import {
  curationFlags,
  pendingProposalFiles,
  deactivateProduct,
  deleteProductRow,
  insertProduct,
  adminProductsFiltered,
  listAdminProducts,
  onlyLowStock,
  productExists,
  productHasOrders,
  productOptions,
  replaceVariants,
  storedImagesOf,
  updateProduct,
  type ProductRecord,
} from './products.repository';

export { productExists, productOptions };

/** A partner's proposal is written, once approved or when it needs no approval, by the office's own writes (features/curation). */
export { insertProduct, replaceVariants, updateProduct };

/** Products by id in the back office's shape (hidden ones too), in the order of the ids given. */
export function adminProductsByIds(db: DbOrTx, ids: readonly number[]): Promise<Product[]> {
  return productsByIds(db, ids);
}

/** One product as the back office reads it, hidden or not; undefined when there is none. */
export async function findAdminProduct(db: DbOrTx, id: number): Promise<Product | undefined> {
  return (await productsByIds(db, [id]))[0];
}

/**
 * Stats cards of the products screen, over the whole catalogue whatever the grid's filter: the
 * product figures migrations 0014/0015's triggers write (docs/database.md; issue 15: counting
 * 100,000 products on each request was most of the unfiltered page's cost).
 */
async function productStats(db: DbOrTx): Promise<AdminProductStats> {
  const figures = await productFigures(db);
  return { total: figures.total, active: figures.active, inactive: figures.total - figures.active, low_stock: figures.low_stock, out_of_stock: figures.out_of_stock };
}

export type AdminProductPage = Omit<ProductPage, 'stats' | 'items'> & { items: (Product & AdminProductCuration)[]; stats: AdminProductStats };

export async function listProductsForAdmin(db: Db, query: AdminProductQuery): Promise<AdminProductPage> {
  // The stats are the product figures (issue 15); unfiltered, their total is the grid's, and filtered by
  // low stock alone, their low-stock figure is (no index holds stock since migration 0017, so sales
  // are HOT updates; counting would read every row). The stats and the page run side by side on the pool.
  const stats = productStats(db);
  const known = !adminProductsFiltered(query) ? stats.then((s) => s.total) : onlyLowStock(query) ? stats.then((s) => s.low_stock) : undefined;
  const [{ ids, total }, cards] = await Promise.all([listAdminProducts(db, query, known), stats]);
  const [items, flags] = await Promise.all([adminProductsByIds(db, ids), curationFlags(db, ids)]);
  return {
    items: items.map((p) => ({ ...p, ...(flags.get(p.id) ?? { curation_status: 'approved' as const, curation_pending_change: false }) })),
    page: query.page, page_size: query.page_size, total, total_pages: Math.max(1, Math.ceil(total / query.page_size)), stats: cards };
}

export async function getProductForAdmin(db: Db, id: number): Promise<Product> {
  const product = await findAdminProduct(db, id);
  if (!product) throw new AppError('NOT_FOUND', productMessages.notFound);
  return product;
}

/** The category and business a product names exist (shared with the partner's corner, features/curation). */
export async function checkReferences(db: DbOrTx, input: Pick<ProductInput, 'category_id' | 'business_id'>): Promise<void> {
  if (!(await categoryExists(db, input.category_id))) {
    throw new AppError('VALIDATION_ERROR', productMessages.unknownCategory, { fields: { category_id: productMessages.unknownCategory } });
  }
  if (input.business_id !== null && !(await businessExists(db, input.business_id))) {
    throw new AppError('VALIDATION_ERROR', productMessages.unknownBusiness, { fields: { business_id: productMessages.unknownBusiness } });
  }
}

const isExternal = (path: string) => /^https?:\/\//i.test(path);

export interface ProductImages {
  image_cover: string | null;
  images: string[];
}

/** Every image path a product (or a proposal for it) uses. */
export function filesOf(imgs: ProductImages | null | undefined): string[] {
  if (!imgs) return [];
  return [...imgs.images, ...(imgs.image_cover ? [imgs.image_cover] : [])];
}

/**
 * The images the product ends with: kept ones (only the product's own stored files or external
 * URLs, so a request cannot adopt another product's files) plus the new uploads.
 */
export function finalImages(
  input: ProductInput,
  current: ProductImages | undefined,
  uploaded: { cover: string | undefined; images: string[] },
  /** Further files of this product a save may keep: those of its proposal waiting for curation. */
  alsoOwned: readonly string[] = [],
): ProductImages {
  const owned = new Set([...filesOf(current), ...alsoOwned]);
  const allowed = (p: string) => owned.has(p) || isExternal(p);
  const kept = (input.images ?? current?.images ?? []).filter(allowed);
  const images = [...new Set([...kept, ...uploaded.images])];
  if (images.length > 10) throw new AppError('VALIDATION_ERROR', productMessages.tooManyImages, { fields: { images: productMessages.tooManyImages } });
  let cover: string | null;
  if (uploaded.cover) cover = uploaded.cover;
  else if (input.image_cover === undefined) cover = current?.image_cover ?? null;
  else if (input.image_cover === '') cover = null;
  else cover = allowed(input.image_cover) ? input.image_cover : (current?.image_cover ?? null);
  return { image_cover: cover, images };
}

export function toRecord(input: ProductInput, imgs: ProductImages): ProductRecord {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    reseller_price: input.reseller_price,
    discount: input.discount,
    stock: input.stock,
    is_active: input.is_active,
    category_id: input.category_id,
    business_id: input.business_id,
    size: input.size,
    notes: input.notes,
    weight_grams: input.weight_grams,
    local_only: input.local_only,
    ai_status: input.ai_status,
    ai_description: input.ai_description,
    option_groups: input.option_groups,
    image_cover: imgs.image_cover,
    images: imgs.images,
  };
}

export async function storeUploads(form: ProductForm, storage: ImageStoreOptions): Promise<{ cover: string | undefined; images: string[]; all: string[] }> {
  const all: string[] = [];
  try {
    const cover = form.cover ? await storeProductImage(form.cover.buffer, storage, form.cover.field) : undefined;
    if (cover) all.push(cover);
    const images: string[] = [];
    for (const file of form.images) {
      const stored = await storeProductImage(file.buffer, storage, file.field);
      images.push(stored);
      all.push(stored);
    }
    return { cover, images, all };
  } catch (error) {
    await Promise.all(all.map((p) => deleteProductImage(p, storage)));
    if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', productMessages.imageType, { fields: { images: productMessages.imageType } });
    }
    throw error;
  }
}

export async function removeFiles(paths: Iterable<string>, storage: ImageStoreOptions): Promise<void> {
  await Promise.all([...paths].map((p) => deleteProductImage(p, storage)));
}

export async function createProduct(db: Db, form: ProductForm, storage: ImageStoreOptions): Promise<Product> {
  const input = parseFields(productInputSchema, form.fields, productMessages.saveFailed);
  await checkReferences(db, input);
  const uploaded = await storeUploads(form, storage);
  try {
    const imgs = finalImages(input, undefined, uploaded);
    const id = await db.transaction((tx) => insertProduct(tx, toRecord(input, imgs), input.size_variants));
    return (await findAdminProduct(db, id))!;
  } catch (error) {
    await removeFiles(uploaded.all, storage);
    throw error;
  }
}

export async function editProduct(db: Db, id: number, form: ProductForm, storage: ImageStoreOptions): Promise<Product> {
  const { version, ...input } = parseFields(productUpdateSchema, form.fields, productMessages.saveFailed);
  const current = await storedImagesOf(db, id);
  if (!current) throw new AppError('NOT_FOUND', productMessages.notFound);
  // A partner's new product reaches the shop through curation only (decision 053): the admin's own
  // form must not show it by ticking "Aktif" while the office has not looked at it.
  if (current.curation_status === 'pending' && input.is_active) {
    throw new AppError('UNPROCESSABLE', curationMessages.activateWaiting, { fields: { is_active: curationMessages.activateWaiting } });
  }
  await checkReferences(db, input);
  const uploaded = await storeUploads(form, storage);
  let imgs: { image_cover: string | null; images: string[] };
  try {
    imgs = finalImages(input, current, uploaded);
    await db.transaction(async (tx) => {
      await versionedUpdateResult(await updateProduct(tx, id, version, toRecord(input, imgs)), () => productExists(tx, id), productMessages.notFound);
      await replaceVariants(tx, id, input.size_variants);
    });
  } catch (error) {
    await removeFiles(uploaded.all, storage);
    throw error;
  }
  // Files the product no longer uses are removed after the commit (never before: a failed save
  // keeps them), except those a partner's proposal waiting for curation still shows (issue 29).
  const now = new Set([...filesOf(imgs), ...(await pendingProposalFiles(db, id))]);
  const before = filesOf(current);
  await removeFiles(before.filter((p) => !now.has(p)), storage);
  return (await findAdminProduct(db, id))!;
}

/**
 * A product that appears on an order is deactivated instead of deleted, so order history keeps
 * its product; otherwise it is deleted with its variants and image files.
 */
export async function removeProduct(db: Db, id: number, storage: ImageStoreOptions): Promise<'deleted' | 'deactivated'> {
  const current = await storedImagesOf(db, id);
  if (!current) throw new AppError('NOT_FOUND', productMessages.notFound);
  const proposal = await pendingProposalFiles(db, id);
  const outcome = await db.transaction(async (tx) => {
    if (await productHasOrders(tx, id)) {
      await deactivateProduct(tx, id);
      return 'deactivated' as const;
    }
    await deleteProductRow(tx, id);
    return 'deleted' as const;
  });
  // A deleted product's waiting proposal goes with it (cascade), and so do its files.
  if (outcome === 'deleted') await removeFiles(new Set([...filesOf(current), ...proposal]), storage);
  return outcome;
}
