/**
 * Trust marks (issue 29, docs/decisions/059-trust-marks.md): the certificates the office verified,
 * as small badges beside a partner's name. The API only ever sends verified marks, so every badge
 * here says "verified by the Dinas"; the number is in the label for a shopper who wants to check it.
 */
import { certificateLabels } from '@pasar/core/partners';
import type { TrustMark } from '@pasar/core/businesses';

const tone: Record<TrustMark['kind'], string> = {
  halal: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  bpom: 'bg-sky-50 text-sky-900 ring-sky-300',
  pirt: 'bg-amber-50 text-amber-900 ring-amber-300',
  nib: 'bg-stone-100 text-stone-800 ring-stone-300',
};

/** `withNumbers`: the product page shows each number; a card only the marks, to stay small at 360 px. */
export function TrustBadges({ marks, withNumbers = false, className = '' }: { marks: readonly TrustMark[] | undefined; withNumbers?: boolean; className?: string }) {
  if (!marks || marks.length === 0) return null;
  return (
    <ul aria-label="Tanda terverifikasi Dinas" className={`flex flex-wrap gap-1 ${className}`}>
      {marks.map((mark) => (
        <li
          key={mark.kind}
          title={`${certificateLabels[mark.kind]} ${mark.number}, terverifikasi Dinas`}
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone[mark.kind]}`}
        >
          <svg viewBox="0 0 20 20" className="h-3 w-3 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
          </svg>
          <span>{certificateLabels[mark.kind]}</span>
          {withNumbers ? <span className="font-normal">{mark.number}</span> : <span className="sr-only">{`nomor ${mark.number}, terverifikasi Dinas`}</span>}
        </li>
      ))}
    </ul>
  );
}
