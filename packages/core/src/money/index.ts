/**
 * Money is whole rupiah in integers (docs/decisions/003-integer-rupiah.md).
 * formatRupiah is the only place that turns an amount into text.
 */
const idNumber = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * `Rp15.000`, `Rp0`, `-Rp2.500`: Indonesian style with no space, as the spec writes `Rp0`.
 * Intl's currency style would put a no-break space after `Rp`, so we compose it ourselves.
 */
export function formatRupiah(amount: number): string {
  const rounded = Math.round(Number.isFinite(amount) ? amount : 0);
  const sign = rounded < 0 ? '-' : '';
  return `${sign}Rp${groupThousands(Math.abs(rounded))}`;
}

/**
 * `1234567` → `1.234.567`, as Intl's id-ID grouping writes it. Written out because Intl's format was
 * ~1.5% of a checkout's Node time (its e-mails show ~20 amounts; issue 30 §3); beyond safe integers
 * (never a real amount) Intl still writes it.
 */
function groupThousands(whole: number): string {
  if (whole > Number.MAX_SAFE_INTEGER) return idNumber.format(whole);
  return String(whole).replace(/\B(?=(\d{3})+$)/g, '.');
}

/** Rounds a computed amount to whole rupiah (half away from zero, as a cashier would). */
export function toRupiah(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return amount < 0 ? -Math.round(-amount) : Math.round(amount);
}

/** Formats grams for display: `1.500 g`. */
export function formatGrams(grams: number): string {
  return `${idNumber.format(Math.round(grams))} g`;
}

const idPercent = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/**
 * The one way a percentage is shown: Indonesian decimals with a comma and at most one decimal,
 * `12,5%`, `10%` (a discount badge adds its own minus sign: `-12,5%`).
 */
export function formatPercent(percent: number): string {
  return `${idPercent.format(Number.isFinite(percent) ? percent : 0)}%`;
}
