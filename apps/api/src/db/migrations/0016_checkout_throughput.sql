-- Hand-written (issue 15, docs/decisions/036-checkout-and-back-office-at-scale.md, "Checkout throughput (stop 24)").
-- A guest's open unpaid orders are counted by e-mail at every checkout (payments.repository
-- openUnpaidCountsSql). The e-mail index covers every order, so the planner may take 0011's partial
-- address index instead, whose predicate the query implies, and read every unpaid guest order of the
-- shop (seen with statistics taken while there were few orders: 2,562 entries read, 2.3 ms, growing
-- with each order). This one has the same predicate and the e-mail as its key: one lookup, whatever
-- the statistics say.
CREATE INDEX IF NOT EXISTS "orders_guest_unpaid_email_idx" ON "orders" (lower("guest_email")) WHERE "user_id" IS NULL AND "payment_status" = 'unpaid';
--> statement-breakpoint
-- 0014's figure triggers hand over what a statement changed; when nothing a figure counts changed
-- (a checkout's payment: unpaid, no proof yet; a job's update of other columns) there is nothing to
-- add. The INSERT below is planned anew on each call (its arrays are parameters), about 1 ms, so
-- the empty case returns before it. Same sums: an empty statement added nothing.
CREATE OR REPLACE FUNCTION order_figures_apply(gone orders[], came orders[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  SELECT c.kind, c.hour, c.status, c.payment_status, pg_backend_pid(), sum(c.n), sum(c.amount)
  FROM (SELECT o.id, o.status, o.payment_status, o.total_amount, o.created_at, -1 AS sign FROM unnest(gone) o
        UNION ALL
        SELECT o.id, o.status, o.payment_status, o.total_amount, o.created_at, 1 FROM unnest(came) o) r
  CROSS JOIN LATERAL (
    SELECT 0::smallint, '-infinity'::timestamptz, r.status, r.payment_status, r.sign, r.sign * r.total_amount::bigint
    UNION ALL
    SELECT 1::smallint, date_trunc('hour', r.created_at, 'UTC'), r.status, '', r.sign, r.sign * r.total_amount::bigint
    UNION ALL
    SELECT 2::smallint, order_revenue_hour(r.id, r.created_at), '', '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'paid' AND r.status <> 'cancelled'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, r.status, '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'unpaid' AND order_awaits_proof(r.id)
  ) c(kind, hour, status, payment_status, n, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_figures_payments_apply(gone payments[], came payments[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  -- Set-wise (joins, not a lookup per payment): a bulk insert of payments stays linear.
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  WITH came AS (SELECT * FROM unnest(came)),
       gone AS (SELECT * FROM unnest(gone)),
       touched AS (SELECT o.id, o.status, o.payment_status, o.created_at, o.total_amount::bigint AS amount FROM orders o
                   WHERE o.id IN (SELECT order_id FROM gone UNION SELECT order_id FROM came)
                     AND ((o.payment_status = 'paid' AND o.status <> 'cancelled') OR o.payment_status = 'unpaid')),
       before AS (SELECT x.order_id, max(x.paid_at) AS paid_at, bool_or(x.status = 'unpaid' AND x.proof_status = 'submitted') AS awaits FROM (
                    SELECT p.order_id, p.paid_at, p.status, p.proof_status FROM payments p JOIN touched t ON t.id = p.order_id
                    WHERE NOT EXISTS (SELECT 1 FROM came c WHERE c.id = p.id)
                    UNION ALL
                    SELECT g.order_id, g.paid_at, g.status, g.proof_status FROM gone g) x
                  GROUP BY 1),
       after AS (SELECT p.order_id, max(p.paid_at) AS paid_at, bool_or(p.status = 'unpaid' AND p.proof_status = 'submitted') AS awaits
                 FROM payments p JOIN touched t ON t.id = p.order_id GROUP BY 1)
  SELECT c.kind, c.hour, c.status, '', pg_backend_pid(), sum(c.n), sum(c.amount)
  FROM touched t
  LEFT JOIN before b ON b.order_id = t.id
  LEFT JOIN after a ON a.order_id = t.id
  CROSS JOIN LATERAL (
    SELECT 2::smallint, date_trunc('hour', coalesce(b.paid_at, t.created_at), 'UTC'), '', -1, -t.amount WHERE t.payment_status = 'paid'
    UNION ALL
    SELECT 2::smallint, date_trunc('hour', coalesce(a.paid_at, t.created_at), 'UTC'), '', 1, t.amount WHERE t.payment_status = 'paid'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, t.status, -1, -t.amount WHERE t.payment_status = 'unpaid' AND coalesce(b.awaits, false)
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, t.status, 1, t.amount WHERE t.payment_status = 'unpaid' AND coalesce(a.awaits, false)
  ) c(kind, hour, status, n, amount)
  GROUP BY 1, 2, 3
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$$;
