-- Hand-written (issue 30 §3, docs/decisions/079-checkout-cpu.md, docs/database.md).
-- A checkout's triggers called three SQL-language functions once each per statement. PostgreSQL
-- cannot inline a SQL function whose body holds a subquery, so it parsed and planned each body on
-- every call (0.3-0.7 ms of a checkout); a PL/pgSQL function keeps its plan for the connection's life.
-- The bodies are the same queries.
CREATE OR REPLACE FUNCTION order_awaits_proof(order_id integer) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM payments p WHERE p.order_id = $1 AND p.status = 'unpaid' AND p.proof_status = 'submitted');
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_refunded(order_id integer) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r WHERE r.order_id = $1);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_revenue_hour(order_id integer, created_at timestamptz) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN date_trunc('hour', coalesce((SELECT max(p.paid_at) FROM payments p WHERE p.order_id = $1), $2), 'UTC');
END;
$$;
--> statement-breakpoint
-- The same rule as migration 0027, with each row's JSON built once (it was built up to eight times
-- a row, in two statements): a row whose only change is its stock, on the same side of zero, goes to
-- the stock feed; any other change moves the counter. One statement for both tables: a size's row
-- names its product in product_id, a product's row is the product (products has no product_id).
CREATE OR REPLACE FUNCTION catalog_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  other_change boolean;
BEGIN
  WITH j AS (
    SELECT to_jsonb(o) AS was, to_jsonb(n) AS now FROM new_rows n JOIN old_rows o ON o.id = n.id
  ), d AS MATERIALIZED (
    SELECT coalesce(j.now->>'product_id', j.now->>'id')::int AS product_id, (j.was->>'stock')::int AS was, (j.now->>'stock')::int AS now,
           (j.was - 'stock') = (j.now - 'stock') AS rest_same
    FROM j
  ), feed AS (
    INSERT INTO stock_feed (product_id) SELECT DISTINCT d.product_id FROM d WHERE d.rest_same AND d.was <> d.now AND (d.was > 0) = (d.now > 0)
  )
  SELECT EXISTS (SELECT 1 FROM d WHERE NOT d.rest_same OR (d.was <> d.now AND (d.was > 0) <> (d.now > 0))) INTO other_change;
  IF other_change THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new order's items change the sales figures only when their order is already paid (the point of
-- sale's, or items added to a paid order): the unpaid online order, every checkout, returns at once
-- instead of building its rows into an array for sales_figures_items_apply to find nothing in.
CREATE OR REPLACE FUNCTION sales_figures_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN orders o ON o.id = n.order_id WHERE o.payment_status = 'paid' AND o.status <> 'cancelled') THEN
    RETURN NULL;
  END IF;
  PERFORM sales_figures_items_apply('{}'::order_items[], ARRAY(SELECT ROW(n.*)::order_items FROM new_rows n));
  RETURN NULL;
END;
$$;
