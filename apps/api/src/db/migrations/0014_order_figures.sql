-- Hand-written (issue 15, docs/decisions/036-checkout-and-back-office-at-scale.md, "Back office with kept figures").
-- The order desk's status tabs and the dashboard counted and summed over every order on each
-- request (100,000 at a province's size; ten admins at once queued behind those aggregates). Now
-- statement triggers on orders and payments add what a statement changed to order_figures in the
-- writer's own transaction, so the figures move in the same commit as the orders (never before,
-- never lost to a rollback). As in 0013, each backend adds to its own rows (a backend runs one
-- transaction at a time), so concurrent checkouts never wait on a shared counter row; readers sum
-- a few rows and fold those of finished writers into backend 0 (admin-orders.repository.ts).
--
-- kind 0: every order, by status and payment status (the desk's tabs, pending and unpaid totals).
-- kind 1: orders by the UTC hour they were placed, by status (today's figures). Every store zone
--         (core STORE_TIME_ZONES) is a whole number of hours from UTC, so the store's day and
--         month start on an hour and any of them is a sum of whole hours, whatever the zone.
-- kind 2: money received (paid orders, never cancelled ones) by the UTC hour it came: the latest
--         payment's paid_at, else the order's time (a POS sale is paid when it is made).
-- kind 3: unpaid orders with a transfer proof to verify (a payment unpaid with its proof
--         submitted), by status: the desk's "verification" counts.
CREATE TABLE "order_figures" (
	"kind" smallint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"backend" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_figures_pk" PRIMARY KEY ("kind", "hour", "status", "payment_status", "backend")
);
--> statement-breakpoint
-- Readers count the rows still to fold without reading the folded ones.
CREATE INDEX "order_figures_unfolded_idx" ON "order_figures" ("backend") WHERE "backend" <> 0;
--> statement-breakpoint
-- When an order's money came: the latest received payment, else the order itself.
CREATE OR REPLACE FUNCTION order_revenue_hour(order_id integer, created_at timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', coalesce((SELECT max(p.paid_at) FROM payments p WHERE p.order_id = $1), $2), 'UTC')
$$;
--> statement-breakpoint
-- Whether an order has a transfer proof waiting for an admin (payments_proof_submitted_idx).
CREATE OR REPLACE FUNCTION order_awaits_proof(order_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = $1 AND p.status = 'unpaid' AND p.proof_status = 'submitted')
$$;
--> statement-breakpoint
-- Adds the figures of `came` and takes away those of `gone`, in the calling backend's rows, in key
-- order (one statement, so a backend's own rows are locked in one order), skipping keys whose
-- changes cancel out (a status change within one hour moves nothing of kind 2).
CREATE OR REPLACE FUNCTION order_figures_apply(gone orders[], came orders[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
CREATE OR REPLACE FUNCTION order_figures_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_apply('{}'::orders[], ARRAY(SELECT ROW(n.*)::orders FROM new_rows n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only orders whose figures can move: a checkout's or a job's update of other columns costs nothing.
CREATE OR REPLACE FUNCTION order_figures_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_apply(
    ARRAY(SELECT ROW(o.*)::orders FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.total_amount, o.created_at) IS DISTINCT FROM (n.status, n.payment_status, n.total_amount, n.created_at)),
    ARRAY(SELECT ROW(n.*)::orders FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.total_amount, o.created_at) IS DISTINCT FROM (n.status, n.payment_status, n.total_amount, n.created_at)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before each row, while its payments are still there: the cascade deletes them right after, and
-- the money's hour is read from them.
CREATE OR REPLACE FUNCTION order_figures_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_apply(ARRAY[OLD], '{}'::orders[]);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- TRUNCATE holds orders exclusively (no writer has figures in flight); its payments go with it.
CREATE OR REPLACE FUNCTION order_figures_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_figures;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A payment moves an order's money to another hour when its paid_at changes, and its proof puts
-- the order among those to verify or takes it out. The orders it touches are read as they are now
-- (an order deleted in this transaction, e.g. by the cascade, counts nothing); their payments
-- before the statement are those it left alone and the `gone` versions of those it changed.
CREATE OR REPLACE FUNCTION order_figures_payments_apply(gone payments[], came payments[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
-- A checkout's payment (not paid, no proof yet) touches nothing.
CREATE OR REPLACE FUNCTION order_figures_payments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_payments_apply('{}'::payments[], ARRAY(SELECT ROW(n.*)::payments FROM new_rows n
    WHERE n.paid_at IS NOT NULL OR (n.status = 'unpaid' AND n.proof_status = 'submitted')));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only payments whose order, paid_at, status or proof changed.
CREATE OR REPLACE FUNCTION order_figures_payments_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_payments_apply(
    ARRAY(SELECT ROW(d.*)::payments FROM old_rows d JOIN new_rows n ON n.id = d.id
          WHERE (d.order_id, d.paid_at, d.status, d.proof_status) IS DISTINCT FROM (n.order_id, n.paid_at, n.status, n.proof_status)),
    ARRAY(SELECT ROW(n.*)::payments FROM old_rows d JOIN new_rows n ON n.id = d.id
          WHERE (d.order_id, d.paid_at, d.status, d.proof_status) IS DISTINCT FROM (n.order_id, n.paid_at, n.status, n.proof_status)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_figures_payments_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_figures_payments_apply(ARRAY(SELECT ROW(d.*)::payments FROM old_rows d
    WHERE d.paid_at IS NOT NULL OR (d.status = 'unpaid' AND d.proof_status = 'submitted')), '{}'::payments[]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE holds payments exclusively: every paid order's money falls back to its own hour, and
-- no proof is left to verify.
CREATE OR REPLACE FUNCTION order_figures_payments_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_figures WHERE kind IN (2, 3);
  INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
    SELECT 2, date_trunc('hour', o.created_at, 'UTC'), '', '', 0, count(*), sum(o.total_amount)
    FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled' GROUP BY 2;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_figures_ins_trg AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_figures_inserted();
--> statement-breakpoint
CREATE TRIGGER orders_figures_upd_trg AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_figures_updated();
--> statement-breakpoint
CREATE TRIGGER orders_figures_del_trg BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION order_figures_deleted();
--> statement-breakpoint
CREATE TRIGGER orders_figures_trunc_trg AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_figures_truncated();
--> statement-breakpoint
CREATE TRIGGER payments_figures_ins_trg AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_figures_payments_inserted();
--> statement-breakpoint
CREATE TRIGGER payments_figures_upd_trg AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_figures_payments_updated();
--> statement-breakpoint
CREATE TRIGGER payments_figures_del_trg AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_figures_payments_deleted();
--> statement-breakpoint
CREATE TRIGGER payments_figures_trunc_trg AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION order_figures_payments_truncated();
--> statement-breakpoint
-- What is there before this migration, in backend 0.
INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
  SELECT 0, '-infinity', status, payment_status, 0, count(*), sum(total_amount) FROM orders GROUP BY 3, 4
  UNION ALL
  SELECT 1, date_trunc('hour', created_at, 'UTC'), status, '', 0, count(*), sum(total_amount) FROM orders GROUP BY 2, 3
  UNION ALL
  SELECT 2, order_revenue_hour(id, created_at), '', '', 0, count(*), sum(total_amount) FROM orders
    WHERE payment_status = 'paid' AND status <> 'cancelled' GROUP BY 2
  UNION ALL
  SELECT 3, '-infinity', status, '', 0, count(*), sum(total_amount) FROM orders
    WHERE payment_status = 'unpaid' AND order_awaits_proof(id) GROUP BY 3;
--> statement-breakpoint
-- The dashboard's catalogue figures the same way (every product, active ones, low stock: stock at
-- or below core's LOW_STOCK_THRESHOLD, 5): a checkout that sells a product down to 5 changes a
-- figure, so the rows are per backend here too. A statement that moves no figure writes nothing.
CREATE TABLE "catalogue_figures" (
	"backend" integer PRIMARY KEY NOT NULL,
	"products" bigint DEFAULT 0 NOT NULL,
	"active" bigint DEFAULT 0 NOT NULL,
	"low_stock" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_add(products bigint, active bigint, low_stock bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF products <> 0 OR active <> 0 OR low_stock <> 0 THEN
    INSERT INTO catalogue_figures AS c (backend, products, active, low_stock) VALUES (pg_backend_pid(), products, active, low_stock)
      ON CONFLICT (backend) DO UPDATE SET products = c.products + EXCLUDED.products, active = c.active + EXCLUDED.active, low_stock = c.low_stock + EXCLUDED.low_stock;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_figures_add(count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE stock <= 5)) FROM new_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_figures_add(0, coalesce(sum(n.is_active::int - o.is_active::int), 0), coalesce(sum((n.stock <= 5)::int - (o.stock <= 5)::int), 0))
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_figures_add(-count(*), -count(*) FILTER (WHERE is_active), -count(*) FILTER (WHERE stock <= 5)) FROM old_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalogue_figures;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_figures_ins_trg AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_figures_inserted();
--> statement-breakpoint
CREATE TRIGGER products_figures_upd_trg AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_figures_updated();
--> statement-breakpoint
CREATE TRIGGER products_figures_del_trg AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_figures_deleted();
--> statement-breakpoint
CREATE TRIGGER products_figures_trunc_trg AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_figures_truncated();
--> statement-breakpoint
INSERT INTO catalogue_figures (backend, products, active, low_stock)
  SELECT 0, count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE stock <= 5) FROM products;
