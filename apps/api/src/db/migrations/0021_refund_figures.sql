-- Hand-written (issue 28 part 4, docs/decisions/050-refunds-and-reversal.md).
-- Revenue was paid orders that were never cancelled, so cancelling a paid order dropped money that
-- had come in, with nothing recording it going back. Now money is counted as it moves: a paid
-- order's total at its payment's hour whatever its status, and each refund taken away at its own
-- hour. Cancelling a paid order is then revenue-neutral until its refund is written.
--
-- kind 2 (0014): paid orders, cancelled ones too, by the hour their money came; plus one row per
--         refund (orders 0, amount minus the refund) at the refund's hour.
-- kind 4 (new): refunds of paid orders by the order's status and payment status, beside kind 0, so
--         the desk's revenue card over a status tab is paid totals less those orders' refunds.
--         Fed by the orders trigger (an order carries its refunds when its status moves) and by
--         the refunds trigger (a new refund adds to its order's current status).

-- What went back on an order so far; read only for paid orders (refunds need a paid order).
CREATE OR REPLACE FUNCTION order_refunded(order_id integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r WHERE r.order_id = $1
$$;
--> statement-breakpoint
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
    WHERE r.payment_status = 'paid'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, r.status, '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'unpaid' AND order_awaits_proof(r.id)
    UNION ALL
    SELECT 4::smallint, '-infinity'::timestamptz, r.status, r.payment_status, 0, r.sign * x.refunded
    FROM (SELECT order_refunded(r.id) AS refunded) x
    WHERE r.payment_status = 'paid' AND x.refunded <> 0
  ) c(kind, hour, status, payment_status, n, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$$;
--> statement-breakpoint
-- As in 0016, with cancelled paid orders among those whose money a payment moves.
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
                     AND o.payment_status IN ('paid', 'unpaid')),
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
--> statement-breakpoint
-- kind 2 rebuilt from what is there: paid orders (cancelled too) at their money's hour, less every
-- refund at its own. Used when payments or refunds are truncated and once below.
CREATE OR REPLACE FUNCTION order_figures_rebuild_revenue() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_figures WHERE kind = 2;
  INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
    SELECT 2, x.hour, '', '', 0, sum(x.n), sum(x.amount) FROM (
      SELECT order_revenue_hour(o.id, o.created_at) AS hour, 1 AS n, o.total_amount::bigint AS amount FROM orders o WHERE o.payment_status = 'paid'
      UNION ALL
      SELECT date_trunc('hour', r.created_at, 'UTC'), 0, -r.amount::bigint FROM refunds r) x
    GROUP BY 2;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_figures_payments_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_figures WHERE kind = 3;
  PERFORM order_figures_rebuild_revenue();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A refund (added: sign 1; deleted: -1) takes its amount from revenue at its own hour and adds it
-- to its order's refunds under the order's status as it is now (an order deleted in this
-- transaction, e.g. by the cascade, has already taken its refunds out: 0014's row trigger runs
-- before the delete, while its refunds are still there).
CREATE OR REPLACE FUNCTION refund_figures_apply(rows refunds[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(rows), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  SELECT c.kind, c.hour, c.status, c.payment_status, pg_backend_pid(), 0, sum(c.amount)
  FROM unnest(rows) r
  LEFT JOIN orders o ON o.id = r.order_id
  CROSS JOIN LATERAL (
    SELECT 2::smallint, date_trunc('hour', r.created_at, 'UTC'), '', '', -sign * r.amount::bigint
    UNION ALL
    SELECT 4::smallint, '-infinity'::timestamptz, o.status, o.payment_status, sign * r.amount::bigint
    WHERE o.id IS NOT NULL AND o.payment_status = 'paid'
  ) c(kind, hour, status, payment_status, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refund_figures_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(n.*)::refunds FROM new_rows n), 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refund_figures_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(d.*)::refunds FROM old_rows d), -1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Refunds are written once and never changed (an amount or time that moved would need both kinds moved).
CREATE OR REPLACE FUNCTION refund_figures_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(d.*)::refunds FROM old_rows d), -1);
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(n.*)::refunds FROM new_rows n), 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refund_figures_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_figures WHERE kind = 4;
  PERFORM order_figures_rebuild_revenue();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_figures_ins_trg AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refund_figures_inserted();
--> statement-breakpoint
CREATE TRIGGER refunds_figures_upd_trg AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refund_figures_updated();
--> statement-breakpoint
CREATE TRIGGER refunds_figures_del_trg AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refund_figures_deleted();
--> statement-breakpoint
CREATE TRIGGER refunds_figures_trunc_trg AFTER TRUNCATE ON refunds FOR EACH STATEMENT EXECUTE FUNCTION refund_figures_truncated();
--> statement-breakpoint
-- What is there now: cancelled paid orders join revenue, and refunds (none before this issue's
-- code) are counted.
SELECT order_figures_rebuild_revenue();
--> statement-breakpoint
INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
  SELECT 4, '-infinity', o.status, o.payment_status, 0, 0, sum(r.amount) FROM refunds r JOIN orders o ON o.id = r.order_id
  WHERE o.payment_status = 'paid' GROUP BY 3, 4;
