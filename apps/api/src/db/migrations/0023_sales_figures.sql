-- Hand-written (issue 29 part 5, docs/decisions/058-reports-for-the-office.md).
-- The office's report (GMV per partner, kecamatan, category, online/POS) over any range at 100,000
-- orders: summing order_items per request is a pass over every line of the range. Statement
-- triggers keep the figures instead, in the writer's transaction, as 0014 does for the dashboard:
-- each backend adds to its own rows (no two checkouts wait on one counter row, no lock order to
-- deadlock on); readers sum and fold finished writers' rows into backend 0 (reports.repository.ts).
--
-- What is counted (core reports, salesRule): the lines (line_total, quantity) of orders paid and
-- not cancelled, at the order's created_at. A line removed or an order cancelled leaves the
-- figures; refund money does not enter them (goods, not cash). Attribution is the catalogue as it
-- is now: a product moved to another partner or category, or a partner moved to another kecamatan,
-- takes its past lines with it (the products and businesses triggers).
--
-- grain 0: the UTC hour; 1: the UTC day; 2: the UTC month (period = its start). Every store zone
-- is a whole number of hours from UTC, so a store-zone range is whole months, whole days and whole
-- hours of UTC, whatever the zone (core reports, rollupSpans); the coarse grains keep a year's
-- answer to a few thousand rows.
-- dimension 0: everything (key 0); 1: channel (key 0 online, 1 POS); 2: partner (key business id,
-- 0 the store's own products); 3: kecamatan (key district id; 0 the store's own products, -1 a
-- partner without one); 4: category (key category id).
-- orders counts an order once per key it has a line in, so it adds up over periods (an order sits
-- in one hour) but not across keys.
CREATE TABLE "sales_figures" (
	"grain" smallint NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"dimension" smallint NOT NULL,
	"key" integer NOT NULL,
	"backend" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"items" bigint DEFAULT 0 NOT NULL,
	"goods" bigint DEFAULT 0 NOT NULL,
	-- The figures ride in the key's index, so a report reads the index alone (an index-only scan)
	-- instead of visiting the table for each of its few thousand rows.
	CONSTRAINT "sales_figures_pk" PRIMARY KEY ("grain", "period", "dimension", "key", "backend") INCLUDE ("orders", "items", "goods")
);
--> statement-breakpoint
CREATE INDEX "sales_figures_unfolded_idx" ON "sales_figures" ("backend") WHERE "backend" <> 0;
--> statement-breakpoint
CREATE TYPE sales_line AS (order_id integer, at timestamptz, order_type text, business_key integer, district_key integer, category_id integer, quantity integer, goods bigint);
--> statement-breakpoint
-- The counted lines among `items`, read with `ords` as their orders (another version than the
-- table's when a trigger asks for the old one) and the products and businesses as they are,
-- except those given in `prods` and `bizs` (their old versions).
CREATE OR REPLACE FUNCTION sales_lines_of(items order_items[], ords orders[], prods products[], bizs businesses[]) RETURNS SETOF sales_line LANGUAGE sql STABLE AS $$
  SELECT i.order_id, o.created_at, o.order_type, coalesce(p.business_id, 0),
         CASE WHEN p.business_id IS NULL THEN 0 ELSE coalesce(b.district_id, -1) END,
         p.category_id, i.quantity, i.line_total::bigint
  FROM unnest(items) i
  JOIN unnest(ords) o ON o.id = i.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled'
  CROSS JOIN LATERAL (
    SELECT po.business_id, po.category_id FROM unnest(prods) po WHERE po.id = i.product_id
    UNION ALL
    SELECT pc.business_id, pc.category_id FROM products pc WHERE pc.id = i.product_id AND NOT EXISTS (SELECT 1 FROM unnest(prods) x WHERE x.id = i.product_id)
  ) p
  LEFT JOIN LATERAL (
    SELECT bo.district_id FROM unnest(bizs) bo WHERE bo.id = p.business_id
    UNION ALL
    SELECT bc.district_id FROM businesses bc WHERE bc.id = p.business_id AND NOT EXISTS (SELECT 1 FROM unnest(bizs) y WHERE y.id = p.business_id)
  ) b ON true
$$;
--> statement-breakpoint
-- Takes away the figures of `gone` and adds those of `came` in the calling backend's rows, in key
-- order. An order counts once per key in each of the two sets, so a line changed within an order
-- moves its goods and leaves the order's count alone.
CREATE OR REPLACE FUNCTION sales_figures_apply(gone sales_line[], came sales_line[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO sales_figures AS f (grain, period, dimension, key, backend, orders, items, goods)
  WITH l AS (SELECT g.*, -1 AS sign FROM unnest(gone) g UNION ALL SELECT c.*, 1 FROM unnest(came) c),
       per AS (
         SELECT l.order_id, l.sign, date_trunc('hour', l.at, 'UTC') AS hour, d.dim, d.key,
                sum(l.quantity)::bigint AS items, sum(l.goods)::bigint AS goods
         FROM l CROSS JOIN LATERAL (VALUES (0::smallint, 0), (1::smallint, CASE WHEN l.order_type = 'pos' THEN 1 ELSE 0 END),
                                           (2::smallint, l.business_key), (3::smallint, l.district_key), (4::smallint, l.category_id)) d(dim, key)
         GROUP BY 1, 2, 3, 4, 5)
  SELECT g.grain, g.period, per.dim, per.key, pg_backend_pid(), sum(per.sign), sum(per.sign * per.items), sum(per.sign * per.goods)
  FROM per CROSS JOIN LATERAL (VALUES (0::smallint, per.hour), (1::smallint, date_trunc('day', per.hour, 'UTC')), (2::smallint, date_trunc('month', per.hour, 'UTC'))) g(grain, period)
  GROUP BY 1, 2, 3, 4
  HAVING sum(per.sign) <> 0 OR sum(per.sign * per.items) <> 0 OR sum(per.sign * per.goods) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period, dimension, key, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, items = f.items + EXCLUDED.items, goods = f.goods + EXCLUDED.goods;
END;
$$;
--> statement-breakpoint
-- Everything again from the tables, in backend 0: the backfill below and after a TRUNCATE.
CREATE OR REPLACE FUNCTION sales_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_figures;
  PERFORM sales_figures_apply('{}'::sales_line[], ARRAY(
    SELECT l FROM sales_lines_of(
      ARRAY(SELECT i FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'),
      ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'),
      '{}'::products[], '{}'::businesses[]) l));
  UPDATE sales_figures SET backend = 0 WHERE backend <> 0;
END;
$$;
--> statement-breakpoint
-- An order's figures move when it becomes counted or stops (payment, cancellation, a reversal) or
-- its time or channel changes; a job's or a desk's update of other columns costs a join of the
-- transition tables and nothing more.
CREATE OR REPLACE FUNCTION sales_figures_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  changed := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status = 'cancelled', o.payment_status = 'paid', o.created_at, o.order_type) IS DISTINCT FROM (n.status = 'cancelled', n.payment_status = 'paid', n.created_at, n.order_type)
      AND ((o.payment_status = 'paid' AND o.status <> 'cancelled') OR (n.payment_status = 'paid' AND n.status <> 'cancelled')));
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = ANY(changed)),
                                       ARRAY(SELECT ROW(o.*)::orders FROM old_rows o WHERE o.id = ANY(changed)), '{}'::products[], '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = ANY(changed)),
                                       ARRAY(SELECT ROW(n.*)::orders FROM new_rows n WHERE n.id = ANY(changed)), '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before each row, while its lines are still there (the cascade deletes them after; their own
-- trigger then finds no order and moves nothing).
CREATE OR REPLACE FUNCTION sales_figures_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.payment_status = 'paid' AND OLD.status <> 'cancelled' THEN
    PERFORM sales_figures_apply(
      ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = OLD.id), ARRAY[OLD], '{}'::products[], '{}'::businesses[]) l),
      '{}'::sales_line[]);
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- Lines added, changed or removed: the orders they belong to, before (their lines now, less those
-- the statement wrote, plus those it replaced) and after (their lines now). Only counted orders are
-- read, so a checkout's lines (an unpaid order) cost one lookup.
CREATE OR REPLACE FUNCTION sales_figures_items_apply(gone order_items[], came order_items[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched orders[];
BEGIN
  touched := ARRAY(SELECT o FROM orders o WHERE o.id IN (SELECT order_id FROM unnest(gone) UNION SELECT order_id FROM unnest(came))
                     AND o.payment_status = 'paid' AND o.status <> 'cancelled');
  IF cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(
      ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT t.id FROM unnest(touched) t)
              AND NOT EXISTS (SELECT 1 FROM unnest(came) c WHERE c.id = i.id)
            UNION ALL SELECT ROW(g.*)::order_items FROM unnest(gone) g),
      touched, '{}'::products[], '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT t.id FROM unnest(touched) t)),
      touched, '{}'::products[], '{}'::businesses[]) l));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_figures_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_figures_items_apply('{}'::order_items[], ARRAY(SELECT ROW(n.*)::order_items FROM new_rows n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only lines whose order, product, quantity or total changed (a shipment assigned moves nothing).
CREATE OR REPLACE FUNCTION sales_figures_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_figures_items_apply(
    ARRAY(SELECT ROW(o.*)::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.order_id, o.product_id, o.quantity, o.line_total) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total)),
    ARRAY(SELECT ROW(n.*)::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.order_id, o.product_id, o.quantity, o.line_total) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_figures_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_figures_items_apply(ARRAY(SELECT ROW(o.*)::order_items FROM old_rows o), '{}'::order_items[]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A product moved to another partner or category takes its counted lines with it. Checkout's stock
-- updates change neither and stop at the first comparison.
CREATE OR REPLACE FUNCTION sales_figures_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved products[];
  ords orders[];
  items order_items[];
BEGIN
  moved := ARRAY(SELECT ROW(o.*)::products FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o.business_id, o.category_id) IS DISTINCT FROM (n.business_id, n.category_id));
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  ords := ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
                  AND o.id IN (SELECT i.order_id FROM order_items i WHERE i.product_id IN (SELECT m.id FROM unnest(moved) m)));
  items := ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT o.id FROM unnest(ords) o));
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(items, ords, moved, '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A partner moved to another kecamatan takes its counted lines with it.
CREATE OR REPLACE FUNCTION sales_figures_businesses_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved businesses[];
  ords orders[];
  items order_items[];
BEGIN
  moved := ARRAY(SELECT ROW(o.*)::businesses FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.district_id IS DISTINCT FROM n.district_id);
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  ords := ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
                  AND o.id IN (SELECT i.order_id FROM order_items i JOIN products p ON p.id = i.product_id
                               WHERE p.business_id IN (SELECT m.id FROM unnest(moved) m)));
  items := ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT o.id FROM unnest(ords) o));
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], moved) l),
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_figures_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_figures_rebuild();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_figures_upd_trg AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_orders_updated();
--> statement-breakpoint
CREATE TRIGGER orders_sales_figures_del_trg BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION sales_figures_order_deleted();
--> statement-breakpoint
CREATE TRIGGER orders_sales_figures_trunc_trg AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_truncated();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_figures_ins_trg AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_items_inserted();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_figures_upd_trg AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_items_updated();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_figures_del_trg AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_items_deleted();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_figures_trunc_trg AFTER TRUNCATE ON order_items FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_truncated();
--> statement-breakpoint
CREATE TRIGGER products_sales_figures_upd_trg AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_products_updated();
--> statement-breakpoint
CREATE TRIGGER businesses_sales_figures_upd_trg AFTER UPDATE ON businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_businesses_updated();
--> statement-breakpoint
-- What is there before this migration.
SELECT sales_figures_rebuild();
