/**
 * The pager under a back-office list: an optional "Per halaman" select, then "Sebelumnya",
 * "Halaman X dari Y" and "Berikutnya". One bar for every admin list, so each pages the same way.
 */
import { ValueOptions } from '../form/named-options';
import { buttonStyles } from './admin-ui';

export interface PageSizeChoice {
  value: number;
  options: readonly number[];
  onChange: (size: number) => void;
}

export function Pagination({ label, page, pageCount, hasNext, onPage, pageSize, total }: {
  /** The navigation's name ("Halaman produk"): tests and screen readers find the bar by it. */
  label: string;
  page: number;
  /** Shown after "dari": a number, or a text such as "50+" when the list counted only up to a cap. */
  pageCount: number | string;
  /** Whether a next page exists; by default, when `page` is below a numeric `pageCount`. */
  hasNext?: boolean;
  onPage: (page: number) => void;
  pageSize?: PageSizeChoice;
  /** After the page: "13 produk". */
  total?: string;
}) {
  const more = hasNext ?? (typeof pageCount === 'number' && page < pageCount);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {pageSize && (
        <label className="flex items-center gap-2">
          Per halaman
          <select value={pageSize.value} onChange={(e) => pageSize.onChange(Number(e.target.value))} className="rounded-lg border border-stone-300 px-2 py-1">
            <ValueOptions values={pageSize.options} />
          </select>
        </label>
      )}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <button type="button" className={buttonStyles.small} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Sebelumnya
        </button>
        <span>{`Halaman ${page} dari ${pageCount}${total ? ` · ${total}` : ''}`}</span>
        <button type="button" className={buttonStyles.small} disabled={!more} onClick={() => onPage(page + 1)}>
          Berikutnya
        </button>
      </div>
    </nav>
  );
}
