import { productImageSources } from '@pasar/core/catalog';

/**
 * A product picture with a srcset of the stored WebP sizes, fixed aspect ratio (nothing
 * jumps while it loads) and lazy loading unless it is the page's main image.
 */
export function ProductImage({
  path,
  alt,
  sizes,
  eager = false,
  className = '',
  fit = 'cover',
}: {
  path: string | null | undefined;
  alt: string;
  sizes?: string;
  eager?: boolean;
  className?: string;
  /** 'contain' shows the whole photo inside the box (the product page's main image); 'cover' fills it. */
  fit?: 'cover' | 'contain';
}) {
  const sources = productImageSources(path, sizes);
  if (!sources) {
    return (
      <div className={`flex items-center justify-center bg-stone-200 text-sm text-stone-600 ${className}`}>
        Gambar belum tersedia
      </div>
    );
  }
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={`bg-stone-200 ${fit === 'contain' ? 'object-contain' : 'object-cover'} ${className}`}
    />
  );
}
