/** − quantity + with the given bounds; the parent decides what happens at the edges. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  allowBelowMin = false,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (next: number) => void;
  label: string;
  /** When true the minus button stays enabled at the minimum (the cart removes the line). */
  allowBelowMin?: boolean;
}) {
  return (
    <div className="inline-flex items-center rounded-lg border border-stone-300 bg-white" role="group" aria-label={label}>
      <button
        type="button"
        className="h-10 w-10 text-lg font-bold text-stone-700 disabled:opacity-40"
        onClick={() => onChange(value - 1)}
        disabled={!allowBelowMin && value <= min}
        aria-label="Kurangi jumlah"
      >
        −
      </button>
      <span className="min-w-10 text-center font-semibold" aria-live="polite">
        {value}
      </span>
      <button
        type="button"
        className="h-10 w-10 text-lg font-bold text-stone-700 disabled:opacity-40"
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label="Tambah jumlah"
      >
        +
      </button>
    </div>
  );
}
