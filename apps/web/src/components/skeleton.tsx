/** Loading placeholders that keep the layout's shape. */
export function CardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  return (
    <div aria-hidden="true" className={`animate-pulse rounded-2xl bg-white p-3 shadow-sm ${layout === 'list' ? 'flex gap-4' : ''}`}>
      <div className={`rounded-xl bg-stone-200 ${layout === 'list' ? 'h-28 w-32 shrink-0' : 'aspect-[4/3] w-full'}`} />
      <div className="mt-3 flex-1 space-y-2">
        <div className="h-3 w-1/3 rounded bg-stone-200" />
        <div className="h-4 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
      </div>
    </div>
  );
}

export function SkeletonGrid({ count, layout = 'grid' }: { count: number; layout?: 'grid' | 'list' }) {
  return (
    <div role="status" aria-label="Memuat produk" className={layout === 'list' ? 'space-y-3' : 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4'}>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} layout={layout} />
      ))}
    </div>
  );
}
