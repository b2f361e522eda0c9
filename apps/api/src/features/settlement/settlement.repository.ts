/**
 * Settlement (issue 29 part 4): the only SQL of this feature. It gathers each partner's delivered
 * goods, refund allocations and payouts; core's computeSettlement works out the figures.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { GoodsEntry } from '@pasar/core/settlement';
import { queryRows, type DbOrTx } from '../../db/client';
import { businesses, partnerPayouts } from '../../db/schema';

export interface PartnerRow {
  id: number;
  name: string;
  commission_percent: number | null;
  bank_name: string | null;
  bank_account_number: string | null;
  bank_account_name: string | null;
}

const partnerColumns = {
  id: businesses.id,
  name: businesses.name,
  commission_percent: businesses.commission_percent,
  bank_name: businesses.bank_name,
  bank_account_number: businesses.bank_account_number,
  bank_account_name: businesses.bank_account_name,
};

export async function partnerById(db: DbOrTx, id: number): Promise<PartnerRow | undefined> {
  const rows = await db.select(partnerColumns).from(businesses).where(eq(businesses.id, id)).limit(1);
  return rows[0];
}

/** Locks the business row: two admins recording a payout for one partner take turns, the second seeing the first's. */
export async function lockPartner(tx: DbOrTx, id: number): Promise<PartnerRow | undefined> {
  const rows = await tx.select(partnerColumns).from(businesses).where(eq(businesses.id, id)).for('update').limit(1);
  return rows[0];
}

export async function partnersByIds(db: DbOrTx, ids: number[]): Promise<PartnerRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<PartnerRow & { commission_percent: string | number | null }>(
    db,
    sql`SELECT id, name, commission_percent, bank_name, bank_account_number, bank_account_name FROM businesses WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY name, id`,
  );
  return rows.map((r) => ({ ...r, commission_percent: r.commission_percent === null ? null : Number(r.commission_percent) }));
}

export async function setPartnerCommission(db: DbOrTx, id: number, percent: number | null): Promise<boolean> {
  const rows = await db
    .update(businesses)
    .set({ commission_percent: percent, version: sql`${businesses.version} + 1`, updated_at: sql`now()` })
    .where(eq(businesses.id, id))
    .returning({ id: businesses.id });
  return rows.length > 0;
}

/**
 * Each partner's last payout: the last closed day and when it was recorded. Entries on or before
 * that day and recorded before the payout are in its figures and are left out here already (core's
 * settlementDay leaves them out too), so the read stays with what is open.
 */
const closed = sql`(SELECT DISTINCT ON (business_id) business_id, period_end AS closed_until, created_at AS closed_at
  FROM partner_payouts ORDER BY business_id, period_end DESC, id DESC)`;

export interface GoodsRow extends GoodsEntry {
  business_id: number;
}

/**
 * Delivered goods per partner and shipment (decision 053): lines of shipments delivered or received
 * on paid orders, as delivered (goods a later line removal took off counted back, migration 0024),
 * the shipment's cost when that partner sent it, delivered before `until`, after `since` when given,
 * and after the partner's last closed day when `openOnly`. A delivered parcel whose order is then
 * cancelled is cancelled with it (shipments' cancelOpenShipments) but keeps its delivery time: its
 * goods stay credited, and the cancel's refund allocation takes them back, so they count once.
 */
export async function goodsEntries(db: DbOrTx, q: { businessId: number | null; since: Date | null; until: Date; timeZone: string; openOnly: boolean }): Promise<GoodsRow[]> {
  const at = sql`coalesce(s.delivered_at, s.received_at)`;
  const rows = await queryRows<{ business_id: number; shipment_id: number; order_id: number; goods: string | number; shipping: string | number; delivered_at: string | Date }>(
    db,
    sql`WITH delivered AS (
          SELECT s.id, s.order_id, s.cost, s.shipped_by_business_id, ${at} AS delivered_at
          FROM shipments s JOIN orders o ON o.id = s.order_id
          WHERE s.status IN ('delivered', 'received', 'cancelled') AND coalesce(s.delivered_at, s.received_at) IS NOT NULL AND o.payment_status IN ('paid', 'refunded')
            AND ${at} < ${q.until.toISOString()}
            ${q.since ? sql`AND ${at} >= ${q.since.toISOString()}` : sql``}
        ), goods AS (
          SELECT oi.shipment_id, p.business_id, oi.line_total AS amount
          FROM order_items oi JOIN products p ON p.id = oi.product_id
          WHERE oi.shipment_id IN (SELECT id FROM delivered) AND p.business_id IS NOT NULL
            ${q.businessId === null ? sql`` : sql`AND p.business_id = ${q.businessId}`}
          UNION ALL
          SELECT ra.shipment_id, ra.business_id, ra.goods_removed
          FROM refund_allocations ra
          WHERE ra.shipment_id IN (SELECT id FROM delivered) AND ra.goods_removed > 0
            ${q.businessId === null ? sql`` : sql`AND ra.business_id = ${q.businessId}`}
        )
        SELECT g.business_id, d.id AS shipment_id, d.order_id, sum(g.amount)::bigint AS goods,
               CASE WHEN d.shipped_by_business_id = g.business_id THEN d.cost ELSE 0 END AS shipping,
               d.delivered_at
        FROM goods g JOIN delivered d ON d.id = g.shipment_id
        LEFT JOIN ${closed} c ON c.business_id = g.business_id
        WHERE ${q.openOnly ? sql`(c.closed_until IS NULL OR (d.delivered_at AT TIME ZONE ${q.timeZone})::date > c.closed_until OR d.delivered_at > c.closed_at)` : sql`true`}
        GROUP BY g.business_id, d.id, d.order_id, d.cost, d.shipped_by_business_id, d.delivered_at
        ORDER BY d.delivered_at, d.id`,
  );
  return rows.map((r) => ({
    business_id: r.business_id,
    shipment_id: r.shipment_id,
    order_id: r.order_id,
    goods: Number(r.goods),
    shipping: Number(r.shipping),
    delivered_at: new Date(r.delivered_at),
  }));
}

export interface RefundRow {
  business_id: number;
  order_id: number;
  amount: number;
  at: Date;
}

/** Refund allocations per partner, dated before `until` (after `since`, after the last closed day), as goodsEntries. */
export async function refundEntries(db: DbOrTx, q: { businessId: number | null; since: Date | null; until: Date; timeZone: string; openOnly: boolean }): Promise<RefundRow[]> {
  const rows = await queryRows<{ business_id: number; order_id: number; amount: number; created_at: string | Date }>(
    db,
    sql`SELECT ra.business_id, r.order_id, ra.amount, ra.created_at
        FROM refund_allocations ra JOIN refunds r ON r.id = ra.refund_id
        LEFT JOIN ${closed} c ON c.business_id = ra.business_id
        WHERE ra.created_at < ${q.until.toISOString()}
          ${q.since ? sql`AND ra.created_at >= ${q.since.toISOString()}` : sql``}
          ${q.businessId === null ? sql`` : sql`AND ra.business_id = ${q.businessId}`}
          AND ${q.openOnly ? sql`(c.closed_until IS NULL OR (ra.created_at AT TIME ZONE ${q.timeZone})::date > c.closed_until OR ra.created_at > c.closed_at)` : sql`true`}
        ORDER BY ra.created_at, ra.refund_id`,
  );
  return rows.map((r) => ({ business_id: r.business_id, order_id: r.order_id, amount: r.amount, at: new Date(r.created_at) }));
}

export type PayoutRow = typeof partnerPayouts.$inferSelect & { business_name: string };

const payoutColumns = { payout: partnerPayouts, business_name: businesses.name };

/** A partner's payouts (or everyone's), latest period first. */
export async function listPayouts(db: DbOrTx, businessId: number | null): Promise<PayoutRow[]> {
  const rows = await db
    .select(payoutColumns)
    .from(partnerPayouts)
    .innerJoin(businesses, eq(businesses.id, partnerPayouts.business_id))
    .where(businessId === null ? undefined : eq(partnerPayouts.business_id, businessId))
    .orderBy(desc(partnerPayouts.period_end), desc(partnerPayouts.id));
  return rows.map((r) => ({ ...r.payout, business_name: r.business_name }));
}

/** Each partner's last payout (its latest period). */
export async function lastPayouts(db: DbOrTx, businessId: number | null): Promise<Map<number, PayoutRow>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT ON (business_id) id FROM partner_payouts
        ${businessId === null ? sql`` : sql`WHERE business_id = ${businessId}`}
        ORDER BY business_id, period_end DESC, id DESC`,
  );
  if (rows.length === 0) return new Map();
  const full = await db
    .select(payoutColumns)
    .from(partnerPayouts)
    .innerJoin(businesses, eq(businesses.id, partnerPayouts.business_id))
    .where(sql`${partnerPayouts.id} IN (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
  return new Map(full.map((r) => [r.payout.business_id, { ...r.payout, business_name: r.business_name }]));
}

/** Every payout's amount per partner so far. */
export async function paidTotal(db: DbOrTx, businessId: number): Promise<number> {
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${partnerPayouts.amount}), 0)` })
    .from(partnerPayouts)
    .where(and(eq(partnerPayouts.business_id, businessId)));
  return Number(rows[0]?.total ?? 0);
}

/** Payouts whose period meets [from, to]: what a statement lists. */
export async function payoutsMeeting(db: DbOrTx, businessId: number, from: string, to: string): Promise<PayoutRow[]> {
  const rows = await db
    .select(payoutColumns)
    .from(partnerPayouts)
    .innerJoin(businesses, eq(businesses.id, partnerPayouts.business_id))
    .where(and(eq(partnerPayouts.business_id, businessId), sql`${partnerPayouts.period_start} <= ${to}`, sql`${partnerPayouts.period_end} >= ${from}`))
    .orderBy(partnerPayouts.period_end);
  return rows.map((r) => ({ ...r.payout, business_name: r.business_name }));
}

export async function insertPayout(tx: DbOrTx, payout: typeof partnerPayouts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(partnerPayouts).values(payout).returning({ id: partnerPayouts.id });
  return row!.id;
}

export async function payoutById(db: DbOrTx, id: number): Promise<PayoutRow | undefined> {
  const rows = await db.select(payoutColumns).from(partnerPayouts).innerJoin(businesses, eq(businesses.id, partnerPayouts.business_id)).where(eq(partnerPayouts.id, id)).limit(1);
  const r = rows[0];
  return r ? { ...r.payout, business_name: r.business_name } : undefined;
}
