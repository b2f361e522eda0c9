/**
 * Shared building blocks of the back-office screens (shell, tables, forms, banners), so every
 * admin screen looks and behaves the same. Storefront code never imports this file.
 */
import type { ReactNode } from 'react';
import { useGuardedCancel } from '../modal';

export function AdminPageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

const bannerTones = {
  error: { role: 'alert', className: 'border-red-200 bg-red-50 text-red-800' },
  success: { role: 'status', className: 'border-green-200 bg-green-50 text-green-800' },
} as const;

function Banner({ tone, message, onClose }: { tone: keyof typeof bannerTones; message: string | null | undefined; onClose?: (() => void) | undefined }) {
  if (!message) return null;
  return (
    <div role={bannerTones[tone].role} className={`mb-4 flex items-start justify-between gap-3 rounded-xl border px-4 py-3 text-sm ${bannerTones[tone].className}`}>
      <span>{message}</span>
      {onClose && (
        <button type="button" onClick={onClose} className="font-bold" aria-label="Tutup pesan">
          ×
        </button>
      )}
    </div>
  );
}

/** A red banner for a failed load, save or delete (the spec's messages). */
export function ErrorBanner({ message, onClose }: { message: string | null | undefined; onClose?: () => void }) {
  return <Banner tone="error" message={message} onClose={onClose} />;
}

/** A green banner after a successful action. */
export function SuccessBanner({ message, onClose }: { message: string | null | undefined; onClose?: () => void }) {
  return <Banner tone="success" message={message} onClose={onClose} />;
}

export function StatCard({ label, value, hint, tone = 'stone' }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'stone' | 'green' | 'amber' | 'red' | 'blue' }) {
  const tones = {
    stone: 'border-stone-200',
    green: 'border-green-200 bg-green-50/50',
    amber: 'border-amber-200 bg-amber-50/50',
    red: 'border-red-200 bg-red-50/50',
    blue: 'border-sky-200 bg-sky-50/50',
  } as const;
  return (
    // min-w-0 and wrap-anywhere: a city's revenue (Rp1.042.200 and up) fits two cards a row at
    // 360 px instead of widening the page (issue 29's demo figures found it).
    <div role="group" aria-label={label} className={`min-w-0 rounded-2xl border bg-white p-4 shadow-sm ${tones[tone]}`}>
      <p className="text-sm text-stone-600">{label}</p>
      <p data-testid="stat-value" className="mt-1 text-xl font-bold text-stone-900 wrap-anywhere sm:text-2xl">
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-stone-500">{hint}</p>}
    </div>
  );
}

export { confirmAction } from '../confirm';

export const buttonStyles = {
  primary: 'inline-flex items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60',
  secondary: 'inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60',
  danger: 'inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60',
  small: 'inline-flex items-center justify-center gap-1 rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60',
} as const;

/** A list page's "add" in its header (AdminPageHeader's `actions`): opens the form for a new record. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={buttonStyles.primary} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * A dialog form's footer: "Batal" (or `cancelLabel`) and the submit button, which says `busyLabel`
 * and waits while the save runs, so a double press sends one request.
 */
export function FormActions({ label, pending, onCancel, cancelLabel = 'Batal', busyLabel = 'Menyimpan…', tone = 'primary', className = '' }: {
  label: string;
  pending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  busyLabel?: string;
  tone?: 'primary' | 'danger';
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <CancelButton onCancel={onCancel}>{cancelLabel}</CancelButton>
      <button type="submit" className={buttonStyles[tone]} disabled={pending}>
        {pending ? busyLabel : label}
      </button>
    </div>
  );
}

/** A dialog's "Batal": inside a dialog with edits it asks before the typing is dropped (issue 31 item 15). */
export function CancelButton({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const guarded = useGuardedCancel();
  return (
    <button type="button" className={buttonStyles.secondary} onClick={() => guarded(onCancel)}>
      {children}
    </button>
  );
}

/** Table wrapper that scrolls sideways on a phone instead of breaking the layout. */
export function AdminTable({ children, label }: { children: ReactNode; label: string }) {
  return (
    // Focusable and named: a table wider than the phone is scrolled with the keyboard too (axe scrollable-region-focusable).
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table aria-label={label} className="min-w-full divide-y divide-stone-200 text-sm">
        {children}
      </table>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <p className="font-semibold text-stone-800">{title}</p>
      {children && <div className="mt-2 text-sm text-stone-600">{children}</div>}
    </div>
  );
}

/**
 * One "Label: value" line in a back-office card's <dl>. Nothing when there is no value, so a card
 * lists only what the record has (a term without its description breaks the list for a screen
 * reader). `href` makes the value a link (tel:, mailto:); `children` replaces the value outright.
 */
export function CardDetail({ label, value, href, children }: { label: string; value?: string | null; href?: string; children?: ReactNode }) {
  const content = children ?? value;
  if (!content) return null;
  return (
    <div>
      <dt className="inline font-semibold">{`${label}: `}</dt>
      <dd className="inline">
        {href ? (
          <a href={href} className="text-green-800 underline">
            {content}
          </a>
        ) : (
          content
        )}
      </dd>
    </div>
  );
}
