/**
 * Commission and settlement (issue 29 part 4, decisions 053 and 057): what the office owes each
 * partner for a period, the payout that closes it, the partner's own sales, and its statement. The
 * figures always come from core's computeSettlement over what the repository gathers.
 */
import { AppError } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { commissionPercentFor, type PartnerProgram } from '@pasar/core/partners';
import {
  computeSettlement,
  payoutPeriodError,
  salesBy,
  settlementDay,
  settlementMessages,
  type PartnerSales,
  type PartnerSettlement,
  type Payout,
  type PayoutInput,
  type PayoutSummary,
  type Settlement,
  type Statement,
} from '@pasar/core/settlement';
import { nextDay, storeDate, storeDayStart } from '@pasar/core/time';
import { readAll, type Db, type DbOrTx } from '../../db/client';
import { uniqueViolationConstraint } from '../../db/errors';
import { getSetting, partnerProgram, storeTimeZone } from '../settings/settings.service';
import {
  goodsEntries,
  insertPayout,
  lastPayouts,
  listPayouts,
  lockPartner,
  paidTotal,
  partnerById,
  partnersByIds,
  payoutById,
  payoutsMeeting,
  refundEntries,
  setPartnerCommission,
  type GoodsRow,
  type PartnerRow,
  type PayoutRow,
  type RefundRow,
} from './settlement.repository';

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    business_id: row.business_id,
    business_name: row.business_name,
    period_start: row.period_start,
    period_end: row.period_end,
    goods: row.goods,
    refunds: row.refunds,
    commission: row.commission,
    shipping: row.shipping,
    carried_in: row.carried_in,
    owed: row.owed,
    amount: row.amount,
    carried_out: row.owed - row.amount,
    paid_on: row.paid_on,
    bank_reference: row.bank_reference,
    note: row.note,
    actor_name: row.actor_name,
    created_at: row.created_at.toISOString(),
  };
}

interface Open {
  settlement: Settlement;
  closedUntil: string | null;
  canClose: boolean;
  goods: GoodsRow[];
  refunds: RefundRow[];
}

/**
 * One partner's open part of [from, to]: the period starts the day after its last closed one when
 * that falls inside the range (a closed period is never counted twice), with its carried balance.
 */
function openSettlement(partner: PartnerRow, program: PartnerProgram, last: PayoutRow | undefined, from: string, to: string, goods: GoodsRow[], refunds: RefundRow[], timeZone: string): Open {
  const closedUntil = last?.period_end ?? null;
  const start = closedUntil !== null && closedUntil >= from ? nextDay(closedUntil) : from;
  const settlement = computeSettlement({
    period: { start, end: to },
    timeZone,
    commission_percent: commissionPercentFor(partner, program),
    goods,
    refunds,
    last_payout: last ? { period_end: last.period_end, closed_at: last.created_at, owed: last.owed, amount: last.amount } : null,
  });
  const inPeriod = (at: Date) => {
    const day = settlementDay(at, timeZone, last ? { period_end: last.period_end, closed_at: last.created_at } : null);
    return day >= start && day <= to;
  };
  return { settlement, closedUntil, canClose: start <= to, goods: goods.filter((g) => inPeriod(g.delivered_at)), refunds: refunds.filter((r) => inPeriod(r.at)) };
}

async function openFor(db: DbOrTx, partner: PartnerRow, from: string, to: string, timeZone: string): Promise<Open> {
  const until = storeDayStart(nextDay(to), timeZone);
  const q = { businessId: partner.id, since: null, until, timeZone, openOnly: true };
  const [program, goods, refunds, last] = await readAll(db, [() => partnerProgram(db), () => goodsEntries(db, q), () => refundEntries(db, q), () => lastPayouts(db, partner.id)]);
  return openSettlement(partner, program, last.get(partner.id), from, to, goods, refunds, timeZone);
}

/** Entries per partner, read once (Node 20 has no Map.groupBy). */
function byBusiness<T extends { business_id: number }>(entries: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const e of entries) {
    const list = out.get(e.business_id);
    if (list) list.push(e);
    else out.set(e.business_id, [e]);
  }
  return out;
}

/** GET /payouts/summary: every partner with a figure or a balance for the open part of [from, to]. */
export async function payoutSummary(db: Db, from: string, to: string): Promise<PayoutSummary> {
  const timeZone = await storeTimeZone(db);
  const until = storeDayStart(nextDay(to), timeZone);
  const q = { businessId: null, since: null, until, timeZone, openOnly: true };
  const [program, goods, refunds, last] = await Promise.all([partnerProgram(db), goodsEntries(db, q), refundEntries(db, q), lastPayouts(db, null)]);
  const ids = new Set<number>([...goods.map((g) => g.business_id), ...refunds.map((r) => r.business_id), ...last.keys()]);
  const partners = await partnersByIds(db, [...ids]);
  const goodsOf = byBusiness(goods);
  const refundsOf = byBusiness(refunds);
  const rows: PartnerSettlement[] = [];
  for (const partner of partners) {
    const lastPayout = last.get(partner.id);
    const open = openSettlement(partner, program, lastPayout, from, to, goodsOf.get(partner.id) ?? [], refundsOf.get(partner.id) ?? [], timeZone);
    const s = open.settlement;
    if (s.goods === 0 && s.refunds === 0 && s.shipping === 0 && s.carried_in === 0 && s.owed === 0) continue;
    rows.push({
      ...s,
      business_id: partner.id,
      business_name: partner.name,
      own_commission_percent: partner.commission_percent,
      bank_name: partner.bank_name,
      bank_account_number: partner.bank_account_number,
      bank_account_name: partner.bank_account_name,
      closed_until: open.closedUntil,
      can_close: open.canClose,
      last_payout: lastPayout ? { paid_on: lastPayout.paid_on, amount: lastPayout.amount, bank_reference: lastPayout.bank_reference } : null,
    });
  }
  return { from, to, store_commission_percent: program.commission_percent, partners: rows };
}

export async function payoutsOf(db: Db, businessId: number | null): Promise<Payout[]> {
  return (await listPayouts(db, businessId)).map(toPayout);
}

/**
 * POST /payouts: closes one partner's period with the figures as the server works them out now.
 * Under the business row's lock, so a second admin closing the same period waits and is refused by
 * the period rule (the unique index on the period's start backs it).
 */
export async function recordPayout(db: Db, input: PayoutInput, actor: { id: number; name: string }, now: Date): Promise<Payout> {
  const timeZone = await storeTimeZone(db);
  const today = storeDate(now, timeZone);
  if (input.paid_on > today) throw new AppError('UNPROCESSABLE', settlementMessages.paidOnFuture, { fields: { paid_on: settlementMessages.paidOnFuture } });
  let id = 0;
  try {
    await db.transaction(async (tx) => {
      const partner = await lockPartner(tx, input.business_id);
      if (!partner) throw new AppError('NOT_FOUND', settlementMessages.businessNotFound);
      const last = (await lastPayouts(tx, partner.id)).get(partner.id);
      const period = { start: input.period_start, end: input.period_end };
      const error = payoutPeriodError(period, today, last?.period_end ?? null);
      if (error) throw new AppError(error === settlementMessages.periodNotPast || error === settlementMessages.periodOrder ? 'UNPROCESSABLE' : 'CONFLICT', error, { fields: { period_start: error } });
      const { settlement: s } = await openFor(tx, partner, period.start, period.end, timeZone);
      // Paying more than is owed would be a typing slip more often than an advance; an advance is
      // not a payout of a period.
      if (input.amount > Math.max(0, s.owed)) {
        const message = settlementMessages.amountTooLarge(formatRupiah(Math.max(0, s.owed)));
        throw new AppError('UNPROCESSABLE', message, { fields: { amount: message } });
      }
      id = await insertPayout(tx, {
        business_id: partner.id,
        period_start: s.period_start,
        period_end: s.period_end,
        goods: s.goods,
        refunds: s.refunds,
        commission: s.commission,
        shipping: s.shipping,
        carried_in: s.carried_in,
        owed: s.owed,
        amount: input.amount,
        paid_on: input.paid_on,
        bank_reference: input.bank_reference,
        note: input.note ?? null,
        actor_user_id: actor.id,
        actor_name: actor.name,
        created_at: now,
      });
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'partner_payouts_business_start_unique') throw new AppError('CONFLICT', settlementMessages.periodClosed(input.period_start));
    throw error;
  }
  const row = await payoutById(db, id);
  return toPayout(row!);
}

export async function savePartnerCommission(db: Db, businessId: number, percent: number | null): Promise<{ business_id: number; commission_percent: number | null }> {
  if (!(await setPartnerCommission(db, businessId, percent))) throw new AppError('NOT_FOUND', settlementMessages.businessNotFound);
  return { business_id: businessId, commission_percent: percent };
}

/**
 * A partner's statement for [from, to]: the payout's stored figures when the range is exactly a
 * paid period (the statement as it was paid), otherwise the open part as a payout would record it.
 * Lists the deliveries and refunds counted, and the payouts whose periods meet the range.
 */
export async function statementOf(db: Db, businessId: number, from: string, to: string): Promise<Statement & { timeZone: string; storeName: string }> {
  const partner = await partnerById(db, businessId);
  if (!partner) throw new AppError('NOT_FOUND', settlementMessages.businessNotFound);
  const timeZone = await storeTimeZone(db);
  const [payouts, profile] = await Promise.all([payoutsMeeting(db, businessId, from, to), getSetting(db, 'store_profile')]);
  const storeName = profile?.name ?? 'Pasar UMKM';
  const exact = payouts.find((p) => p.period_start === from && p.period_end === to);
  let settlement: Settlement;
  let goods: GoodsRow[];
  let refunds: RefundRow[];
  let closedUntil: string | null;
  if (exact) {
    const q = { businessId, since: storeDayStart(from, timeZone), until: storeDayStart(nextDay(to), timeZone), timeZone, openOnly: false };
    [goods, refunds] = await Promise.all([goodsEntries(db, q), refundEntries(db, q)]);
    const program = await partnerProgram(db);
    settlement = { ...toPayout(exact), commission_percent: commissionPercentFor(partner, program) };
    closedUntil = (await lastPayouts(db, businessId)).get(businessId)?.period_end ?? null;
  } else {
    const open = await openFor(db, partner, from, to, timeZone);
    ({ settlement, goods, refunds, closedUntil } = open);
  }
  return {
    business: { id: partner.id, name: partner.name, bank_name: partner.bank_name, bank_account_number: partner.bank_account_number, bank_account_name: partner.bank_account_name },
    settlement: {
      period_start: settlement.period_start,
      period_end: settlement.period_end,
      commission_percent: settlement.commission_percent,
      goods: settlement.goods,
      refunds: settlement.refunds,
      commission: settlement.commission,
      shipping: settlement.shipping,
      carried_in: settlement.carried_in,
      owed: settlement.owed,
    },
    closed_until: closedUntil,
    deliveries: goods.map((g) => ({ shipment_id: g.shipment_id, order_id: g.order_id, goods: g.goods, shipping: g.shipping, delivered_at: g.delivered_at.toISOString() })),
    refunds: refunds.map((r) => ({ order_id: r.order_id, amount: r.amount, at: r.at.toISOString() })),
    payouts: payouts.map(toPayout),
    timeZone,
    storeName,
  };
}

/** GET /mitra/sales: the partner's sales per day and month over [from, to], what it was paid and what it is owed now. */
export async function partnerSales(db: Db, businessId: number, from: string, to: string, now: Date): Promise<PartnerSales> {
  const partner = await partnerById(db, businessId);
  if (!partner) throw new AppError('NOT_FOUND', settlementMessages.businessNotFound);
  const timeZone = await storeTimeZone(db);
  const program = await partnerProgram(db);
  const percent = commissionPercentFor(partner, program);
  const q = { businessId, since: storeDayStart(from, timeZone), until: storeDayStart(nextDay(to), timeZone), timeZone, openOnly: false };
  const [goods, refunds, paid] = await Promise.all([goodsEntries(db, q), refundEntries(db, q), paidTotal(db, businessId)]);
  const input = { from, to, timeZone, commission_percent: percent, goods, refunds };
  const today = storeDate(now, timeZone);
  // Owed now: the last payout's remainder and every open day through today, tomorrow included for
  // what today brought after a payout that closed today (settlementDay carries it there).
  const current = await openFor(db, partner, today, nextDay(today), timeZone);
  return {
    from,
    to,
    commission_percent: percent,
    days: salesBy('day', input),
    months: salesBy('month', input),
    total_paid: paid,
    total_owed: current.settlement.owed,
    closed_until: current.closedUntil,
  };
}
