/** Catalogue use cases: no SQL here (catalog.repository.ts), no HTTP (catalog.routes.ts). */
import { AppError } from '@pasar/core/errors';
import {
  isOneTypoAway,
  normalizeSearch,
  oneEditPatterns,
  TYPO_MIN_LENGTH,
  searchWords,
  spellingVariants,
  type Product,
  type ProductPage,
} from '@pasar/core/catalog';
import type { Db, DbOrTx } from '../../db/client';
import {
  findPublicProduct,
  searchPublicProducts,
  vocabularyContains,
  vocabularyMatching,
  type SearchTerm,
} from './catalog.repository';

export const productNotFoundMessage = 'Produk tidak ditemukan.';

export async function getPublicProduct(db: Db, id: number): Promise<Product> {
  const product = await findPublicProduct(db, id);
  if (!product) throw new AppError('NOT_FOUND', productNotFoundMessage);
  return product;
}

/**
 * Each typed word matches itself and its spelling variants; when none of those appears
 * anywhere in the catalogue's vocabulary, words one typo away are tried instead.
 */
export async function buildSearchTerms(db: DbOrTx, query: string): Promise<SearchTerm[]> {
  const terms: SearchTerm[] = [];
  for (const typed of searchWords(query)) {
    const alternatives = new Set(spellingVariants(typed));
    // A typed word of 4 letters can still be one typo away from a 5-letter word ('batk' ~ 'batik').
    if (typed.length >= TYPO_MIN_LENGTH - 1) {
      const variants = [...alternatives];
      const known = (await Promise.all(variants.map((v) => vocabularyContains(db, v)))).some(Boolean);
      if (!known) {
        const candidates = await vocabularyMatching(db, variants.flatMap(oneEditPatterns));
        for (const word of candidates) {
          if (variants.some((v) => isOneTypoAway(v, word))) alternatives.add(word);
        }
      }
    }
    terms.push({ typed, alternatives: [...alternatives] });
  }
  return terms;
}

export interface CatalogQuery {
  q?: string | undefined;
  categoryId?: number | undefined;
  page: number;
  pageSize: number;
}

export async function searchCatalog(db: DbOrTx, query: CatalogQuery): Promise<ProductPage> {
  const phrase = normalizeSearch(query.q ?? '');
  const terms = phrase ? await buildSearchTerms(db, phrase) : [];
  const result = await searchPublicProducts(db, {
    terms,
    phrase,
    categoryId: query.categoryId,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: result.items,
    page: query.page,
    page_size: query.pageSize,
    total: result.total,
    total_pages: Math.max(1, Math.ceil(result.total / query.pageSize)),
    stats: result.stats,
  };
}
