/** The only SQL of the office's reports: migration 0023's sales figures and the names beside them. */
import { sql, type SQL } from 'drizzle-orm';
import type { RollupSpan } from '@pasar/core/reports';
import { queryRows, type DbOrTx } from '../../db/client';

/** Migration 0023's dimensions. */
export const DIMENSION = { total: 0, channel: 1, partner: 2, district: 3, category: 4 } as const;

export interface FigureRow {
  dimension: number;
  key: number;
  orders: number;
  items: number;
  goods: number;
}
export interface BusinessRow {
  id: number;
  name: string;
  district_id: number | null;
  district_name: string | null;
  city_name: string | null;
  created_at: string;
}
export interface SalesRows {
  figures: FigureRow[];
  businesses: BusinessRow[];
  categories: { id: number; name: string }[];
  /** Partners registered at the range's end. */
  totalPartners: number;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * One statement, which writes nothing: the sales figures of the range summed per dimension and key
 * over every connection's rows (a year is about fourteen months, days and hours of rows per key
 * instead of every order line), the partners that sold or joined, and the categories sold. The
 * background jobs merge the connections' rows (merge_figure_rows(), docs/database.md).
 */
export async function salesRows(db: DbOrTx, spans: RollupSpan[], start: Date, end: Date): Promise<SalesRows> {
  const inSpans: SQL = spans.length
    ? sql.join(
        spans.map((s) => sql`(f.grain = ${s.grain} AND f.period >= ${s.start.toISOString()} AND f.period < ${s.end.toISOString()})`),
        sql` OR `,
      )
    : sql`FALSE`;
  const [row] = await queryRows<{ figures: unknown; businesses: unknown; categories: unknown; total_partners: number }>(
    db,
    sql`WITH f AS MATERIALIZED (
          SELECT f.dimension, f.key, sum(f.orders)::bigint AS orders, sum(f.items)::bigint AS items, sum(f.goods)::bigint AS goods
          FROM sales_figures f WHERE ${inSpans}
          GROUP BY 1, 2
          HAVING sum(f.orders) <> 0 OR sum(f.items) <> 0 OR sum(f.goods) <> 0)
        SELECT (SELECT coalesce(json_agg(f), '[]') FROM f) AS figures,
               (SELECT coalesce(json_agg(b), '[]') FROM (
                  SELECT b.id, b.name, b.district_id, b.district_name, b.city_name, b.created_at FROM businesses b
                  WHERE b.id IN (SELECT f.key FROM f WHERE f.dimension = ${DIMENSION.partner})
                     OR b.district_id IN (SELECT f.key FROM f WHERE f.dimension = ${DIMENSION.district})
                     OR (b.created_at >= ${start.toISOString()} AND b.created_at < ${end.toISOString()})) b) AS businesses,
               (SELECT coalesce(json_agg(c), '[]') FROM (
                  SELECT c.id, c.name FROM categories c WHERE c.id IN (SELECT f.key FROM f WHERE f.dimension = ${DIMENSION.category})) c) AS categories,
               (SELECT count(*)::int FROM businesses b WHERE b.created_at < ${end.toISOString()}) AS total_partners`,
  );
  return {
    figures: parseJson<FigureRow[]>(row!.figures).map((f) => ({ dimension: Number(f.dimension), key: Number(f.key), orders: Number(f.orders), items: Number(f.items), goods: Number(f.goods) })),
    businesses: parseJson<BusinessRow[]>(row!.businesses),
    categories: parseJson<{ id: number; name: string }[]>(row!.categories),
    totalPartners: row!.total_partners,
  };
}
