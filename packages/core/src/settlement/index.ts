/**
 * Commission and settlement (issue 29 part 4, docs/decisions/053-partners-as-users.md and
 * 057-settlement.md): what the office owes one partner for one period, computed by one pure
 * function from the partner's delivered goods, the refunds allocated to it, the commission rate and
 * the last payout; and how a refund is split over the partners whose delivered goods it takes back.
 * Whole rupiah integers only; the SQL only gathers the entries.
 */
import { z } from 'zod';
import { coercedIdField } from '../common/index';
import { partnerBankAccountFields } from '../partners/index';
import { isStoreDate, monthPeriod, nextDay, storeDate } from '../time/index';

export const settlementMessages = {
  title: 'Pembayaran mitra',
  salesTitle: 'Penjualan',
  dateInvalid: 'Tanggal tidak valid (format YYYY-MM-DD).',
  periodRequired: 'Pilih periode (tanggal awal dan akhir).',
  periodOrder: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  periodTooLong: 'Periode paling panjang 366 hari.',
  periodNotPast: 'Periode hanya dapat ditutup sampai hari ini: hari yang belum datang belum punya penjualan.',
  periodClosed: (until: string) => `Periode ini bertumpang tindih dengan periode yang sudah dibayar (sampai ${until}). Mulai periode setelah tanggal itu.`,
  amountInvalid: 'Jumlah pembayaran harus bilangan bulat 0 atau lebih.',
  amountTooLarge: (owed: string) => `Jumlah pembayaran melebihi yang terutang (${owed}).`,
  paidOnInvalid: 'Tanggal pembayaran tidak valid (format YYYY-MM-DD).',
  paidOnFuture: 'Tanggal pembayaran tidak boleh setelah hari ini.',
  referenceRequired: 'Isi nomor referensi transfer bank.',
  businessRequired: 'Pilih mitra.',
  businessNotFound: 'Mitra tidak ditemukan.',
  commissionInvalid: 'Komisi harus angka 0 sampai 100 (kelipatan 0,1) atau kosong untuk memakai komisi toko.',
  formatInvalid: 'Format harus json, csv atau pdf.',
  recorded: 'Pembayaran dicatat; periode ditutup.',
  commissionSaved: 'Komisi mitra disimpan.',
  noPayouts: 'Belum ada pembayaran.',
  noSales: 'Belum ada penjualan pada periode ini.',
} as const;

// ---------------------------------------------------------------------------------------------
// The rule

/** A partner's goods on one delivered shipment of a paid order. */
export interface GoodsEntry {
  shipment_id: number;
  order_id: number;
  /** The partner's lines' totals on that shipment, as delivered. */
  goods: number;
  /** The shipment's cost when the partner sent it from its corner; 0 when the office sent it. */
  shipping: number;
  delivered_at: Date;
}

/** A share of a refund allocated to the partner, counted at its own time. */
export interface RefundEntry {
  amount: number;
  at: Date;
}

/** The last payout before the period: its end, when it was recorded, and what it left unpaid (owed − amount). */
export interface LastPayout {
  period_end: string;
  /** When the payout was recorded: its figures hold what was recorded until then, nothing later. */
  closed_at: Date;
  owed: number;
  amount: number;
}

/**
 * The store day an entry (a delivery, a refund's share) counts on. Its own day, except when that
 * day is inside the last closed period but the entry was recorded after the payout closed it (a
 * period may end today, so a parcel delivered or a refund recorded later that day comes after the
 * payout's figures): it is carried into the first open day, never reopening the closed period and
 * never lost.
 */
export function settlementDay(at: Date, timeZone: string, last: Pick<LastPayout, 'period_end' | 'closed_at'> | null): string {
  const day = storeDate(at, timeZone);
  if (last && day <= last.period_end && at.getTime() > last.closed_at.getTime()) return nextDay(last.period_end);
  return day;
}

export interface SettlementInput {
  /** Store-time-zone dates, inclusive. */
  period: { start: string; end: string };
  timeZone: string;
  commission_percent: number;
  goods: readonly GoodsEntry[];
  refunds: readonly RefundEntry[];
  last_payout: LastPayout | null;
}

export interface Settlement {
  period_start: string;
  period_end: string;
  commission_percent: number;
  goods: number;
  refunds: number;
  commission: number;
  shipping: number;
  carried_in: number;
  owed: number;
}

/**
 * The commission on a base (goods − refunds), whole rupiah: base × percent / 100 rounded half away
 * from zero. The percent has one decimal (0.1 steps), so the product is worked in integers
 * (base × percent × 10 / 1000) and never meets a float's error. A negative base (refunds of goods
 * paid out in an earlier period) gives a negative commission: the office hands back the commission
 * it took on goods that came back, and rounding away from zero makes that exactly what it took.
 */
export function commissionOn(base: number, percent: number): number {
  const tenths = Math.round(percent * 10);
  const n = base * tenths;
  const q = Math.floor((Math.abs(n) + 500) / 1000);
  return n < 0 ? -q : q;
}

interface Figures {
  goods: number;
  refunds: number;
  commission: number;
  shipping: number;
}

function figuresOf(goods: readonly GoodsEntry[], refunds: readonly RefundEntry[], percent: number): Figures & { net: number } {
  const g = goods.reduce((s, e) => s + e.goods, 0);
  const r = refunds.reduce((s, e) => s + e.amount, 0);
  const shipping = goods.reduce((s, e) => s + e.shipping, 0);
  const commission = commissionOn(g - r, percent);
  return { goods: g, refunds: r, commission, shipping, net: g - r - commission + shipping };
}

/**
 * What the office owes one partner for one period (decision 053, 057):
 * - goods: its lines' totals on shipments of paid orders delivered (or received) in the period, by
 *   the store's date of delivery;
 * - refunds: the refund allocations dated in the period (a refund recorded after a period was paid
 *   lands in a later one and lowers what is owed there; the closed period is never reopened);
 * - commission: commissionOn(goods − refunds, the partner's rate), once over the period's total;
 * - shipping: the cost of the shipments the partner sent itself (the office keeps the rest);
 * - carried_in: what the last payout left unpaid (its owed − its amount; negative when refunds
 *   outran sales or the office paid ahead), plus the net of any unclosed days between that payout
 *   and this period (or of every day before it, when nothing was ever paid), so nothing is lost;
 * - owed = goods − refunds − commission + shipping + carried_in (may be negative: it carries).
 * Entries dated on or before the last payout's end and recorded before it are already in its stored
 * figures and are left out (settlementDay carries the ones recorded after it); entries after the
 * period's end belong to a later one.
 */
export function computeSettlement(input: SettlementInput): Settlement {
  const { period, timeZone, commission_percent: percent, last_payout: last } = input;
  const closedUntil = last?.period_end ?? '';
  const dayOf = (at: Date) => settlementDay(at, timeZone, last);
  const open = (day: string) => closedUntil === '' || day > closedUntil;
  const inPeriod = (day: string) => day >= period.start && day <= period.end && open(day);
  const before = (day: string) => day < period.start && open(day);

  const now = figuresOf(
    input.goods.filter((e) => inPeriod(dayOf(e.delivered_at))),
    input.refunds.filter((e) => inPeriod(dayOf(e.at))),
    percent,
  );
  const gap = figuresOf(
    input.goods.filter((e) => before(dayOf(e.delivered_at))),
    input.refunds.filter((e) => before(dayOf(e.at))),
    percent,
  );
  const carried_in = (last ? last.owed - last.amount : 0) + gap.net;
  return {
    period_start: period.start,
    period_end: period.end,
    commission_percent: percent,
    goods: now.goods,
    refunds: now.refunds,
    commission: now.commission,
    shipping: now.shipping,
    carried_in,
    owed: now.net + carried_in,
  };
}

/** One day's or month's sales of a partner (Penjualan): commission worked on that day's or month's own base. */
export interface SalesRow {
  /** `YYYY-MM-DD` for a day, `YYYY-MM` for a month. */
  key: string;
  goods: number;
  refunds: number;
  commission: number;
  shipping: number;
  net: number;
}

/** A partner's sales per store day and per month, for days in [from, to] with any figure. */
export function salesBy(
  period: 'day' | 'month',
  input: { from: string; to: string; timeZone: string; commission_percent: number; goods: readonly GoodsEntry[]; refunds: readonly RefundEntry[] },
): SalesRow[] {
  const keyOf = (at: Date) => {
    const day = storeDate(at, input.timeZone);
    return day >= input.from && day <= input.to ? (period === 'day' ? day : day.slice(0, 7)) : null;
  };
  const groups = new Map<string, { goods: GoodsEntry[]; refunds: RefundEntry[] }>();
  const group = (key: string) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { goods: [], refunds: [] }));
    return g;
  };
  for (const e of input.goods) {
    const key = keyOf(e.delivered_at);
    if (key) group(key).goods.push(e);
  }
  for (const e of input.refunds) {
    const key = keyOf(e.at);
    if (key) group(key).refunds.push(e);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key, g]) => {
      const f = figuresOf(g.goods, g.refunds, input.commission_percent);
      return { key, goods: f.goods, refunds: f.refunds, commission: f.commission, shipping: f.shipping, net: f.net };
    });
}

/**
 * Splits a refund over the partners whose delivered goods it takes back (decision 053): in
 * proportion to each one's delivered goods on the order (less what earlier refunds already took),
 * whole rupiah by largest remainder (ties: the larger goods, then the lower business id), never more
 * than a partner's goods. Goods come first: a refund up to the partners' goods is all theirs; what
 * is beyond (shipping, kode unik, goods not yet delivered) stays with the office. Partners with no
 * allocation are left out.
 */
export function allocateRefund(amount: number, partners: readonly { business_id: number; goods: number }[]): { business_id: number; amount: number }[] {
  const eligible = partners.filter((p) => p.goods > 0);
  const total = eligible.reduce((s, p) => s + p.goods, 0);
  if (amount <= 0 || total === 0) return [];
  if (amount >= total) return eligible.map((p) => ({ business_id: p.business_id, amount: p.goods }));
  // In BigInt: amount × goods may pass 2^53 for large orders, and the remainders must be exact.
  const shares = eligible.map((p) => {
    const exact = BigInt(amount) * BigInt(p.goods);
    return { business_id: p.business_id, goods: p.goods, amount: Number(exact / BigInt(total)), remainder: Number(exact % BigInt(total)) };
  });
  let left = amount - shares.reduce((s, p) => s + p.amount, 0);
  const order = [...shares].sort((a, b) => b.remainder - a.remainder || b.goods - a.goods || a.business_id - b.business_id);
  for (const share of order) {
    if (left === 0) break;
    share.amount += 1;
    left -= 1;
  }
  return shares.filter((s) => s.amount > 0).map((s) => ({ business_id: s.business_id, amount: s.amount }));
}

/**
 * Whether a period may be closed by a payout, first failure wins: its end today at the latest (the
 * office pays what was delivered up to now; what today still brings after the payout is carried by
 * settlementDay), and its start after the last closed period's end (periods move forward, so a
 * closed one is never counted again and a later refund always falls into an open one).
 */
export function payoutPeriodError(period: { start: string; end: string }, today: string, closedUntil: string | null): string | null {
  if (period.end < period.start) return settlementMessages.periodOrder;
  if (period.end > today) return settlementMessages.periodNotPast;
  if (closedUntil !== null && period.start <= closedUntil) return settlementMessages.periodClosed(closedUntil);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Schemas

const dateField = (message: string = settlementMessages.dateInvalid) => z.string({ error: message }).refine(isStoreDate, message);

/** ?from&to: a range of store dates, at most a year. */
export const periodQuerySchema = z
  .object({ from: dateField(), to: dateField() })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: settlementMessages.periodOrder });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > 366) ctx.addIssue({ code: 'custom', path: ['to'], message: settlementMessages.periodTooLong });
  });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

const businessIdField = coercedIdField(settlementMessages.businessRequired);

export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
const formatField = z.enum(STATEMENT_FORMATS, { error: settlementMessages.formatInvalid }).default('json');

export const adminStatementQuerySchema = z
  .object({ business_id: businessIdField, from: dateField(), to: dateField(), format: formatField })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: settlementMessages.periodOrder });
  });
/**
 * The partner's ?from&to: either may be left out, the store's current month to today filling in
 * (the corner opens on it).
 */
export const partnerPeriodQuerySchema = z
  .object({ from: dateField().optional(), to: dateField().optional() })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: settlementMessages.periodOrder });
    else if (v.from && v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > 366) ctx.addIssue({ code: 'custom', path: ['to'], message: settlementMessages.periodTooLong });
  });
export type PartnerPeriodQuery = z.infer<typeof partnerPeriodQuerySchema>;
export const partnerStatementQuerySchema = z
  .object({ from: dateField().optional(), to: dateField().optional(), format: formatField })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: settlementMessages.periodOrder });
  });

/** A partner's period with what was left out filled in: from the first of `to`'s month, to today. */
export function partnerPeriod(query: PartnerPeriodQuery, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? monthPeriod(to.slice(0, 7)).from;
  return { from, to };
}
export const payoutListQuerySchema = z.object({ business_id: businessIdField.optional() });

/** POST /payouts: closes one partner's period. The figures are the server's, never the client's. */
export const payoutInputSchema = z
  .object({
    business_id: businessIdField,
    period_start: dateField(),
    period_end: dateField(),
    amount: z.number({ error: settlementMessages.amountInvalid }).int(settlementMessages.amountInvalid).min(0, settlementMessages.amountInvalid).max(2_000_000_000, settlementMessages.amountInvalid),
    paid_on: dateField(settlementMessages.paidOnInvalid),
    bank_reference: z.string({ error: settlementMessages.referenceRequired }).trim().min(1, settlementMessages.referenceRequired).max(200),
    note: z.string().trim().max(500).optional().transform((v) => (v ? v : undefined)),
  })
  .superRefine((v, ctx) => {
    if (v.period_end < v.period_start) ctx.addIssue({ code: 'custom', path: ['period_end'], message: settlementMessages.periodOrder });
  });
export type PayoutInput = z.infer<typeof payoutInputSchema>;
export type PayoutBody = z.input<typeof payoutInputSchema>;

/** PUT /payouts/partners/:businessId/commission: the partner's own rate, or null for the store's. */
export const partnerCommissionSchema = z.object({
  commission_percent: z
    .number({ error: settlementMessages.commissionInvalid })
    .min(0, settlementMessages.commissionInvalid)
    .max(100, settlementMessages.commissionInvalid)
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, settlementMessages.commissionInvalid)
    .nullable(),
});
export type PartnerCommissionInput = z.infer<typeof partnerCommissionSchema>;

const money = z.number().int();

export const settlementSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  commission_percent: z.number(),
  goods: money,
  refunds: money,
  commission: money,
  shipping: money,
  carried_in: money,
  owed: money,
});

export const payoutSchema = settlementSchema.omit({ commission_percent: true }).extend({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  amount: money,
  /** What this payout left for the next period: owed − amount. */
  carried_out: money,
  paid_on: z.string(),
  bank_reference: z.string(),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutListSchema = z.object({ payouts: z.array(payoutSchema) });
export type PayoutList = z.infer<typeof payoutListSchema>;

/** One partner's row of GET /payouts/summary: the open part of the period asked, as a payout would record it. */
export const partnerSettlementSchema = settlementSchema.extend({
  business_id: z.number().int(),
  business_name: z.string(),
  /** The partner's own rate, null when the store's applies. */
  own_commission_percent: z.number().nullable(),
  ...partnerBankAccountFields,
  /** The end of its last closed period, null when never paid. */
  closed_until: z.string().nullable(),
  /** False when the whole range asked is already closed for it (nothing left to record). */
  can_close: z.boolean(),
  last_payout: z.object({ paid_on: z.string(), amount: money, bank_reference: z.string() }).nullable(),
});
export type PartnerSettlement = z.infer<typeof partnerSettlementSchema>;
export const payoutSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The store's rate (setting partner_program). */
  store_commission_percent: z.number(),
  partners: z.array(partnerSettlementSchema),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** A statement (JSON form of the CSV and the PDF). */
export const statementSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string(), ...partnerBankAccountFields }),
  settlement: settlementSchema,
  closed_until: z.string().nullable(),
  deliveries: z.array(z.object({ shipment_id: z.number().int(), order_id: z.number().int(), goods: money, shipping: money, delivered_at: z.string() })),
  refunds: z.array(z.object({ order_id: z.number().int(), amount: money, at: z.string() })),
  payouts: z.array(payoutSchema),
});
export type Statement = z.infer<typeof statementSchema>;

const salesRowSchema = z.object({ key: z.string(), goods: money, refunds: money, commission: money, shipping: money, net: money });
/** GET /mitra/sales. */
export const partnerSalesSchema = z.object({
  from: z.string(),
  to: z.string(),
  commission_percent: z.number(),
  days: z.array(salesRowSchema),
  months: z.array(salesRowSchema),
  /** Every payout's amount so far. */
  total_paid: money,
  /** What the office owes now: the last payout's remainder plus every open day through today. */
  total_owed: money,
  closed_until: z.string().nullable(),
});
export type PartnerSales = z.infer<typeof partnerSalesSchema>;

export const settlementLabels = {
  goods: 'Penjualan barang',
  refunds: 'Pengembalian dana',
  commission: 'Komisi',
  shipping: 'Ongkos kirim',
  carried_in: 'Saldo periode sebelumnya',
  owed: 'Terutang',
  net: 'Bersih',
  amount: 'Dibayar',
  paid_on: 'Tanggal bayar',
  bank_reference: 'Referensi bank',
} as const;
