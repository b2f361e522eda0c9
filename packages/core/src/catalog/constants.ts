/** Catalogue constants and pure helpers, free of zod so the storefront can import them cheaply. */

/** Catalogue page sizes (docs/requirements/storefront.md §9) and the API's own cap. */
export const CATALOG_PAGE_SIZES = [8, 12, 16, 24] as const;
export const DEFAULT_CATALOG_PAGE_SIZE = 12;
export const MAX_API_PAGE_SIZE = 100;

/** Reads images given as an array, JSON text of an array, or comma-separated text. */
export function parseImageList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value !== 'string' || value.trim() === '') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return parseImageList(JSON.parse(text) as unknown);
    } catch {
      /* fall through to comma-separated */
    }
  }
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The image a card shows: the cover, else the first image, else none. */
export function primaryImage(product: { image_cover?: string | null; images?: readonly string[] | null }): string | null {
  return product.image_cover || product.images?.[0] || null;
}

/**
 * A stats tile's figure (docs/requirements/storefront.md §2 Catalogue): exact, or, when a search
 * stopped counting at its cap (issue 15), a lower bound written as one ('10.000+').
 */
export function catalogTileValue(value: number, approximate: boolean | undefined): string {
  return approximate ? `${value.toLocaleString('id-ID')}+` : String(value);
}

/** Said under the tiles when they are lower bounds. */
export function approximateStatsNote(cap: number): string {
  return `Angka perkiraan: lebih dari ${cap.toLocaleString('id-ID')} produk cocok, dihitung dari ${cap.toLocaleString('id-ID')} hasil pertama.`;
}
