/**
 * Stored product images are WebP copies at these widths, named `<id>-<width>.webp`; the
 * stored path names the widest one. This turns a path into `src`, `srcSet` and `sizes` so
 * cards load the smallest copy that fills them (zod-free: the storefront imports it).
 */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1024] as const;

// Local uploads (`/uploads/products/…`) or the same names in an S3-compatible bucket.
const storedPattern = /^(.*\/products\/[A-Za-z0-9_-]+)-(\d+)\.webp$/;

/** Every width's key (`products/<id>-<width>.webp`) of the stored image one key names; undefined for any other key. */
export function productImageKeys(key: string): string[] | undefined {
  const match = /^products\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(key);
  return match ? PRODUCT_IMAGE_WIDTHS.map((w) => `products/${match[1]}-${w}.webp`) : undefined;
}

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export function productImageSources(path: string | null | undefined, sizes = '(max-width: 640px) 50vw, 320px'): ImageSources | null {
  if (!path) return null;
  const match = storedPattern.exec(path);
  if (!match) return { src: path };
  const base = match[1] as string;
  return {
    src: `${base}-640.webp`,
    srcSet: PRODUCT_IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
    sizes,
  };
}
