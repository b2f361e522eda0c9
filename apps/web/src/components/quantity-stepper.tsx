/** − quantity + with the given bounds; the parent decides what happens at the edges. */
import { useId, useState, type ReactNode } from 'react';

/**
 * The quantity a typed text asks for, kept within [min, max]; null when it holds no number (the
 * field then shows the quantity it had). Issue 31: 60 units took 59 taps on +.
 */
export function typedQuantity(text: string, min: number, max: number): number | null {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  return Math.max(min, Math.min(max, Number(digits)));
}

export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  allowBelowMin = false,
  maxReason,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (next: number) => void;
  label: string;
  /** When true the minus button stays enabled at the minimum (the cart removes the line). */
  allowBelowMin?: boolean;
  /**
   * Why + stops at `max` (the stock, the per-line limit), shown once it is reached, on a line of its
   * own in the parent's wrapping flex row, and read with the + button.
   */
  maxReason?: ReactNode;
}) {
  const reasonId = useId();
  // What the shopper is typing; null shows the value. Applied on Enter or when the field is left.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = typedQuantity(draft, min, Math.max(min, max));
    setDraft(null);
    if (next !== null && next !== value) onChange(next);
  };
  const atMax = value >= max;
  // A fragment: the parent's row (flex-wrap) places the reason.
  return (
    <>
      <div className="inline-flex shrink-0 items-center rounded-lg border border-stone-300 bg-white" role="group" aria-label={label}>
        <button
          type="button"
          className="h-10 w-10 shrink-0 text-lg font-bold text-stone-700 disabled:opacity-40"
          onClick={() => onChange(value - 1)}
          disabled={!allowBelowMin && value <= min}
          aria-label="Kurangi jumlah"
        >
          −
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          aria-label={label}
          value={draft ?? String(value)}
          onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          className="h-10 w-12 border-x border-stone-200 bg-transparent text-center font-semibold focus:outline-none focus:ring-2 focus:ring-green-700/30"
        />
        <button
          type="button"
          className="h-10 w-10 shrink-0 text-lg font-bold text-stone-700 disabled:opacity-40"
          onClick={() => onChange(value + 1)}
          disabled={atMax}
          aria-label="Tambah jumlah"
          aria-describedby={atMax && maxReason ? reasonId : undefined}
        >
          +
        </button>
      </div>
      {/* In the parent's wrapping row, a line of its own below the row's other items. */}
      {atMax && maxReason && (
        <p id={reasonId} className="order-last basis-full text-xs font-semibold text-amber-800">
          {maxReason}
        </p>
      )}
    </>
  );
}
