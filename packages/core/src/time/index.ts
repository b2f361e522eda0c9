/**
 * The one date and time formatter (docs/design.md, Time): every date a person reads — storefront,
 * back office, receipts, exports, e-mails — is shown in the store's time zone (a setting,
 * default Asia/Jakarta) with the zone's short Indonesian name.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

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
export function timeZoneName(timeZone: string = DEFAULT_TIME_ZONE): string {
  return zoneNames[timeZone] ?? timeZone;
}

/** "23 Nov 2026, 22.38 WIB". `style` 'date' drops the time and the zone; 'month' reads "November 2026". */
export function formatDateTime(value: string | Date, options: { timeZone?: string; style?: Style } = {}): string {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const style = options.style ?? 'datetime';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const text = formatter(timeZone, style).format(date);
  return style === 'date' || style === 'month' ? text : `${text} ${timeZoneName(timeZone)}`;
}

/** A store month key `YYYY-MM` (the dashboard's) as its name: "November 2026". */
export function formatStoreMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  // Mid-month noon UTC is the same month in every Indonesian zone.
  return formatDateTime(new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 15, 12)), { style: 'month' });
}
