/**
 * The one date and time formatter (docs/design.md, Time): every date a person reads — storefront,
 * back office, receipts, exports, e-mails — is shown in the store's time zone (a setting,
 * default Asia/Jakarta) with the zone's short Indonesian name.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

/** The zones a store in Indonesia runs on (issue 17: one store time zone, a setting). */
export const STORE_TIME_ZONES = ['Asia/Jakarta', 'Asia/Pontianak', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type StoreTimeZone = (typeof STORE_TIME_ZONES)[number];

/**
 * The zone `formatDateTime` uses when none is passed. A browser shows one store, so the web app
 * sets it once from the store's settings (lib/store-settings.ts); the server never relies on it
 * and passes the zone it read for the request, since several processes may share one database
 * and a changed setting must show at once on all of them.
 */
let defaultZone: string = DEFAULT_TIME_ZONE;
export function setDefaultTimeZone(timeZone: string): void {
  defaultZone = timeZone;
}

/**
 * The UTC instant of the store's midnight at the start of `at`'s day or month. Indonesian zones
 * keep one offset all year (no daylight saving), so the offset at `at` holds for the whole month.
 */
export function storePeriodStart(at: Date, period: 'day' | 'month', timeZone: string = DEFAULT_TIME_ZONE): Date {
  const offsetMs = zoneOffsetMs(at, timeZone);
  const local = new Date(at.getTime() + offsetMs);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), period === 'day' ? local.getUTCDate() : 1);
  return new Date(start - offsetMs);
}

/** The store's calendar date of an instant, `YYYY-MM-DD` (file names, CSV dates). */
export function storeDate(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** A store date as a query sends it: `YYYY-MM-DD`, a day the calendar has (no 2026-02-30: it round-trips through Date unchanged). */
export function isStoreDate(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().slice(0, 10) === day;
}

/** The day after a store date (`YYYY-MM-DD`). Noon UTC keeps the arithmetic clear of any zone. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The UTC instant a store date (`YYYY-MM-DD`) starts: noon UTC lies inside that day in every Indonesian zone. */
export function storeDayStart(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return storePeriodStart(new Date(`${day}T12:00:00Z`), 'day', timeZone);
}

/** A month `YYYY-MM` as its first and last day (period pickers, presets, statements). */
export function monthPeriod(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before the one `day` (`YYYY-MM-DD`) falls in, `YYYY-MM`. */
export function previousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 15)).toISOString().slice(0, 7);
}

/** The store's wall-clock time of an instant, `YYYY-MM-DD HH:mm` (CSV). */
export function storeDateTime(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

/** The zone's offset from UTC at an instant, in milliseconds (WIB +7 h, WITA +8 h, WIT +9 h). */
export function zoneOffsetMs(at: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

const zoneNames: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
type Style = 'datetime' | 'date' | 'time' | 'month';

function formatter(timeZone: string, style: Style): Intl.DateTimeFormat {
  const key = `${timeZone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { dateStyle: 'medium', timeZone }
        : style === 'month'
          ? { month: 'long', year: 'numeric', timeZone }
          : style === 'time'
            ? { timeStyle: 'short', timeZone }
            : { dateStyle: 'medium', timeStyle: 'short', timeZone };
    f = new Intl.DateTimeFormat('id-ID', options);
    formatters.set(key, f);
  }
  return f;
}

/** The zone's name as shoppers know it (WIB, WITA, WIT), or the IANA name. */
export function timeZoneName(timeZone: string = defaultZone): string {
  return zoneNames[timeZone] ?? timeZone;
}

/** "23 Nov 2026, 22.38 WIB". `style` 'date' drops the time and the zone; 'month' reads "November 2026". */
export function formatDateTime(value: string | Date, options: { timeZone?: string; style?: Style } = {}): string {
  const timeZone = options.timeZone ?? defaultZone;
  const style = options.style ?? 'datetime';
  const date = typeof value === 'string' ? new Date(value) : value;
  const ms = date.getTime();
  if (Number.isNaN(ms)) return '';
  // No style shows seconds, so one minute reads the same throughout: Intl's format was ~1.7% of a
  // checkout's Node time (its two e-mails show the order's times; issue 30 §3).
  const key = `${timeZone}|${style}|${Math.floor(ms / 60_000)}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatter(timeZone, style).format(date);
    text = style === 'date' || style === 'month' ? text : `${text} ${timeZoneName(timeZone)}`;
    if (formatted.size >= 512) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** The last minutes formatted, by zone, style and minute (formatDateTime). */
const formatted = new Map<string, string>();

/** A store month key `YYYY-MM` (the dashboard's) as its name: "November 2026". */
export function formatStoreMonth(month: string, timeZone?: string): string {
  const [y, m] = month.split('-').map(Number);
  // Mid-month noon UTC is the same month in every Indonesian zone.
  return formatDateTime(new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 15, 12)), { style: 'month', ...(timeZone ? { timeZone } : {}) });
}
