/**
 * Orders as a shop has them after a few months, written by the database in a few statements: the back
 * office bench's 100,000 orders, and the history the checkout bench starts from.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';

const firstNames = ['Siti', 'Budi', 'Dewi', 'Agus', 'Rina', 'Wahyu', 'Putri', 'Joko', 'Ayu', 'Eko', 'Nur', 'Made', 'Ketut', 'Lestari', 'Bayu', 'Fitri'];
const lastNames = ['Rahayu', 'Santoso', 'Wijaya', 'Hidayat', 'Kusuma', 'Saputra', 'Pratama', 'Lubis', 'Nasution', 'Siregar', 'Wulandari', 'Gunawan'];
const streets = ['Jl. Braga', 'Jl. Asia Afrika', 'Jl. Dago', 'Jl. Merdeka', 'Jl. Sudirman', 'Jl. Diponegoro', 'Gg. Mawar', 'Jl. Pahlawan'];
const cities = ['Kota Bandung', 'Kabupaten Bandung', 'Kota Cimahi', 'Kabupaten Garut', 'Kota Bogor', 'Kabupaten Sumedang'];

const textArray = (list: readonly string[]) => sql.raw(`(ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[])`);

/**
 * Orders as an office sees them after a few months: every status, online and POS, paid, unpaid and
 * expired, manual transfers with proofs to check, one or two items each, an audit trail for some.
 * Written by generate_series in a few statements (about half a minute for 100,000). With `shipments`,
 * each online order also has its shipment, its items pointing at it, as checkout has written them since
 * issue 21: the checkout bench starts from these (with no shipments, every connection planned its
 * foreign-key check of an item's shipment as a scan of an empty table and kept that plan as the bench
 * filled it).
 */
export async function generateOrders(db: Database['db'], count: number, productIds: number[], options: { shipments?: boolean } = {}): Promise<void> {
  const first = Math.min(...productIds);
  const span = productIds.length;
  await db.execute(sql`
    INSERT INTO orders (guest_email, status, order_type, payment_method, payment_status, subtotal_amount, shipping_cost, total_amount,
                        customer_name, customer_email, customer_phone, shipping_name, shipping_phone, shipping_address, shipping_city,
                        shipping_district_id, shipping_courier, shipping_service, stock_held, access_token, payment_due_at, created_at, updated_at)
    SELECT CASE WHEN g % 10 = 0 THEN NULL ELSE lower(n.name) || g || '@contoh.id' END,
           (ARRAY['pending','confirmed','shipped','delivered','cancelled'])[1 + g % 5],
           CASE WHEN g % 10 = 0 THEN 'pos' ELSE 'online' END,
           CASE WHEN g % 10 = 0 THEN 'cash' ELSE 'manual' END,
           CASE WHEN g % 10 = 0 OR g % 5 IN (1, 2, 3) THEN 'paid' WHEN g % 5 = 4 AND g % 3 = 0 THEN 'expired' ELSE 'unpaid' END,
           25000 + (g * 7919) % 400000, CASE WHEN g % 10 = 0 THEN 0 ELSE 15000 END,
           25000 + (g * 7919) % 400000 + CASE WHEN g % 10 = 0 THEN 0 ELSE 15000 END,
           n.name, lower(n.name) || g || '@contoh.id', '0812' || lpad((g % 100000000)::text, 8, '0'),
           n.name, '0812' || lpad((g % 100000000)::text, 8, '0'),
           ${textArray(streets)}[1 + g % ${streets.length}] || ' No. ' || (1 + g % 200), ${textArray(cities)}[1 + g % ${cities.length}],
           327319, 'Kurir lokal', 'same-day', g % 5 <> 4, md5(g::text || 'akses'),
           -- No deadline has passed yet: a live shop's expiry job (every minute) would have cancelled those orders
           -- long ago, and at the server's start it cancelled them one by one (~8,000 orders, their stock and
           -- events) while the rows below were being measured. None is inside the reminder window either
           -- (payment_reminder_hours, 6 by default): a live shop has reminded those already, and at the
           -- server's start its reminder job queued them, 200 a minute, during the checkout bench's rows.
           greatest(now() - (g * interval '1 minute') + interval '1 day', now() + interval '7 hours'),
           now() - (g * interval '1 minute'), now() - (g * interval '1 minute')
    FROM generate_series(1, ${count}::int) g
    CROSS JOIN LATERAL (SELECT ${textArray(firstNames)}[1 + g % ${firstNames.length}] || ' ' || ${textArray(lastNames)}[1 + (g / ${firstNames.length}) % ${lastNames.length}] AS name) n`);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, quantity, price, line_total)
    SELECT o.id, p.id, p.name, 1 + (o.id + k) % 3, p.price, p.price * (1 + (o.id + k) % 3)
    FROM orders o CROSS JOIN generate_series(0, 1) k
    JOIN products p ON p.id = ${first}::int + ((o.id * 7919 + k * 104729) % ${span}::int)
    WHERE k = 0 OR o.id % 2 = 0`);
  await db.execute(sql`
    INSERT INTO payments (order_id, provider, reference, merchant_ref, payment_name, amount, status, proof_status, proof_uploaded_at, paid_at, expires_at)
    SELECT o.id, 'manual', 'MAN-BENCH-' || o.id, 'ORD-' || o.id, 'Transfer bank', o.total_amount, o.payment_status,
           CASE WHEN o.payment_status = 'unpaid' AND o.id % 7 = 0 THEN 'submitted' ELSE 'none' END,
           CASE WHEN o.payment_status = 'unpaid' AND o.id % 7 = 0 THEN o.created_at + interval '1 hour' END,
           CASE WHEN o.payment_status = 'paid' THEN o.created_at + interval '2 hours' END, o.payment_due_at
    FROM orders o WHERE o.order_type = 'online'`);
  await db.execute(sql`
    INSERT INTO order_events (order_id, actor_name, kind, from_status, to_status, created_at)
    SELECT o.id, 'Admin Pasar (@admin)', 'status_changed', 'pending', o.status, o.created_at + interval '3 hours'
    FROM orders o WHERE o.status <> 'pending' AND o.id % 4 = 0`);
  if (options.shipments) await generateShipments(db);
  // What the figures job does every minute on a live shop: the per-connection rows these inserts left
  // are merged (it took 3.6 s at the server's start, inside the first warm-up).
  await db.execute(sql`SELECT merge_figure_rows()`);
  // What autovacuum does on a live shop: statistics, and the visibility map that index-only scans need.
  await db.execute(sql`VACUUM ANALYZE`);
}

/**
 * One shipment per online order (the store, by the local courier), its items pointing at it. A parcel
 * that arrived longer ago than the shop's auto-complete days (3) is received, as a live shop's job has
 * made it: left "delivered", ~18,500 of them were received 100 at a time by the server's job during the
 * checkout bench's spread row, a fifth of PostgreSQL's statement time there.
 */
async function generateShipments(db: Database['db']): Promise<void> {
  await db.execute(sql`
    INSERT INTO shipments (order_id, position, origin_label, kind, courier_name, service, cost, weight_grams, status, shipped_at, delivered_at, received_at, created_at, updated_at)
    SELECT o.id, 1, 'Pasar UMKM', 'local_courier', 'Kurir lokal', 'same-day', o.shipping_cost, 500,
           CASE o.status WHEN 'shipped' THEN 'shipped' WHEN 'delivered' THEN (CASE WHEN d.received_at IS NULL THEN 'delivered' ELSE 'received' END)
                         WHEN 'cancelled' THEN 'cancelled' ELSE 'packing' END,
           CASE WHEN o.status IN ('shipped', 'delivered') THEN o.created_at + interval '1 day' END,
           CASE WHEN o.status = 'delivered' THEN d.delivered_at END,
           CASE WHEN o.status = 'delivered' THEN d.received_at END,
           o.created_at, o.created_at
    FROM orders o
    CROSS JOIN LATERAL (SELECT o.created_at + interval '2 days' AS delivered_at,
                               CASE WHEN o.created_at + interval '5 days' <= now() THEN o.created_at + interval '5 days' END AS received_at) d
    WHERE o.order_type = 'online'`);
  await db.execute(sql`UPDATE order_items i SET shipment_id = s.id FROM shipments s WHERE s.order_id = i.order_id`);
}
