/**
 * Reports for the office (Dinas), issue 29 part 5, docs/decisions/058-reports-for-the-office.md:
 * what the region sold (GMV) per partner, kecamatan, category and channel, and the partners that
 * joined or sold, over a range of store dates.
 *
 * The rule (`salesRule`, kept by migration 0023's triggers, tested against a fresh aggregate):
 * - GMV is goods: the order lines' `line_total` (and `quantity` for items), never shipping, fees or
 *   kode unik;
 * - of orders paid (`payment_status = 'paid'`, the dashboard's "money came") and not cancelled: a
 *   cancelled paid order sold nothing, its goods went back to stock;
 * - on the order's date (`created_at`) in the store's time zone, a range inclusive of both days;
 * - net of goods taken back, gross of refund money: a removed line or a cancelled order leaves the
 *   figures (of the day it was ordered); the refund's amount (which may hold shipping, the kode unik
 *   or a goodwill sum) is money, not goods, and is not subtracted again;
 * - attributed as the catalogue is now: a product's partner and category, the partner's kecamatan;
 *   the store's own products (no partner) are one row, "Produk toko".
 */
import { z } from 'zod';
import { isStoreDate, monthPeriod, nextDay, previousMonth, storeDate, storeDayStart } from '../time/index';

export const reportMessages = {
  title: 'Laporan Dinas',
  dateInvalid: 'Tanggal tidak valid (format YYYY-MM-DD).',
  rangeOrder: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  rangeTooLong: 'Rentang laporan paling panjang 3 tahun (1.096 hari).',
  loadFailed: 'Gagal memuat laporan.',
  empty: 'Belum ada penjualan pada rentang ini.',
  download: 'Unduh Excel (.xlsx)',
} as const;

export const reportLabels = {
  store: 'Produk toko (tanpa mitra)',
  noDistrict: 'Kecamatan belum diisi',
  online: 'Online',
  pos: 'Kasir (POS)',
  unknownCategory: 'Kategori terhapus',
  partner: 'Mitra',
  district: 'Kecamatan',
  city: 'Kota/Kabupaten',
  category: 'Kategori',
  channel: 'Saluran',
  orders: 'Pesanan',
  items: 'Barang terjual',
  gmv: 'Penjualan (GMV)',
  share: 'Porsi',
  joined: 'Bergabung',
  from: 'Dari tanggal',
  to: 'Sampai tanggal',
  timeZone: 'Zona waktu',
  totalPartners: 'Mitra terdaftar',
  newPartners: 'Mitra baru',
  activePartners: 'Mitra aktif berjualan',
  sheets: {
    summary: 'Ringkasan',
    partners: 'Per Mitra',
    districts: 'Per Kecamatan',
    categories: 'Per Kategori',
    channels: 'Online vs Kasir',
    newPartners: 'Mitra Baru',
  },
  rule: 'GMV: nilai barang (total baris pesanan) pada pesanan yang sudah dibayar dan tidak dibatalkan, menurut tanggal pesanan di zona waktu toko. Ongkos kirim, biaya dan kode unik tidak termasuk; barang yang dihapus dari pesanan atau pesanan yang dibatalkan tidak dihitung.',
} as const;

/** A generous ceiling: three years of months is still a few thousand `sales_figures` rows to sum. */
export const MAX_REPORT_DAYS = 1096;

const dateField = z.string({ error: reportMessages.dateInvalid }).refine(isStoreDate, reportMessages.dateInvalid);

/** ?from&to: store dates (YYYY-MM-DD), both days included. */
export const salesReportQuerySchema = z
  .object({ from: dateField, to: dateField })
  .superRefine((v, ctx) => {
    if (!isStoreDate(v.from) || !isStoreDate(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.rangeOrder });
    else if (daysInRange(v.from, v.to) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.rangeTooLong });
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const figures = { orders: z.number().int(), items: z.number().int(), gmv: z.number().int() };

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  totals: z.object(figures),
  partners: z.object({ total: z.number().int(), new: z.number().int(), active: z.number().int() }),
  /** Highest GMV first; `business_id` null is the store's own products. */
  by_partner: z.array(z.object({ business_id: z.number().int().nullable(), name: z.string(), district_name: z.string(), is_new: z.boolean(), ...figures })),
  /** `district_id` null: the store's own products (0) or partners without a kecamatan (-1), by `key`. */
  by_district: z.array(z.object({ key: z.number().int(), district_id: z.number().int().nullable(), name: z.string(), city_name: z.string(), partners: z.number().int(), ...figures })),
  by_category: z.array(z.object({ category_id: z.number().int(), name: z.string(), ...figures })),
  /** Always both channels, online first. */
  by_channel: z.array(z.object({ channel: z.enum(['online', 'pos']), name: z.string(), ...figures })),
  new_partners: z.array(z.object({ business_id: z.number().int(), name: z.string(), district_name: z.string(), joined_on: z.string() })),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
export type SalesFigures = { orders: number; items: number; gmv: number };

/** The UTC instants [start, end) of a store-date range, both days included. */
export function storeRangeInstants(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: storeDayStart(from, timeZone), end: storeDayStart(nextDay(to), timeZone) };
}

export type Grain = 0 | 1 | 2;
export interface RollupSpan {
  /** 0 hour, 1 UTC day, 2 UTC month: migration 0023's grains. */
  grain: Grain;
  start: Date;
  end: Date;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;
const ceilTo = (t: number, step: number) => Math.ceil(t / step) * step;
const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
const monthStart = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const ceilMonth = (t: number) => {
  const m = monthStart(t);
  if (m === t) return t;
  const d = new Date(m);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * [start, end) as whole UTC months, then whole UTC days, then whole hours at the edges: the
 * fewest figure rows that add up to exactly the range. Both ends must fall on whole hours (every
 * store zone is whole hours from UTC).
 */
export function rollupSpans(start: Date, end: Date): RollupSpan[] {
  const s = start.getTime();
  const e = end.getTime();
  if (s % HOUR !== 0 || e % HOUR !== 0) throw new Error('report ranges start and end on whole hours');
  if (e <= s) return [];
  const spans: RollupSpan[] = [];
  const push = (grain: Grain, a: number, b: number) => {
    if (b > a) spans.push({ grain, start: new Date(a), end: new Date(b) });
  };
  const d0 = ceilTo(s, DAY);
  const d1 = floorTo(e, DAY);
  if (d0 >= d1) {
    push(0, s, e);
    return spans;
  }
  push(0, s, d0);
  const m0 = ceilMonth(d0);
  const m1 = monthStart(d1);
  if (m0 >= m1) push(1, d0, d1);
  else {
    push(1, d0, m0);
    push(2, m0, m1);
    push(1, m1, d1);
  }
  push(0, d1, e);
  return spans;
}

/** Presets of the page: this month, last month, this year, as store dates up to today. */
export function reportPresets(now: Date, timeZone: string): { key: 'this_month' | 'last_month' | 'this_year'; label: string; from: string; to: string }[] {
  const today = storeDate(now, timeZone);
  const lastMonth = monthPeriod(previousMonth(today));
  return [
    { key: 'this_month', label: 'Bulan ini', from: monthPeriod(today.slice(0, 7)).from, to: today },
    { key: 'last_month', label: 'Bulan lalu', from: lastMonth.from, to: lastMonth.to },
    { key: 'this_year', label: 'Tahun ini', from: `${today.slice(0, 4)}-01-01`, to: today },
  ];
}

/** The workbook's file name: `laporan-dinas-2026-01-01_2026-01-31.xlsx`. */
export function reportFileName(from: string, to: string): string {
  return `laporan-dinas-${from}_${to}.xlsx`;
}

/** A share of the total in percent with one decimal, 0 when there is no total. */
export function sharePercent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}
