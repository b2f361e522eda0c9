-- Hand-written (issue 32 §1, docs/decisions/076-database-made-visible.md, docs/database.md).
-- The figure tables of 0013, 0014, 0015 and 0023 (catalogue_figures, order_figures, sales_figures,
-- assistant_changes) keep one row set per writing backend, so concurrent writers never wait on a
-- shared counter row; the sum over the rows is the figure. Pools close idle connections and open new
-- ones, so rows of backends long gone pile up and every read sums more of them. Readers used to
-- merge those rows into backend 0 themselves when there were many, so a read could write. This
-- function merges the four tables at once; the server's background jobs call it, and anyone may at
-- any time, since every sum is the same before and after. Rows locked by a transaction in progress
-- are skipped (SKIP LOCKED), so no writer is waited for; backend 0's rows are written in key order,
-- so two merges at once wait for each other at most, never deadlock.
CREATE OR REPLACE FUNCTION merge_figure_rows() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM catalogue_figures WHERE backend IN (
      SELECT backend FROM catalogue_figures WHERE backend <> 0 ORDER BY backend FOR UPDATE SKIP LOCKED)
    RETURNING products, active, low_stock, out_of_stock)
  INSERT INTO catalogue_figures AS c (backend, products, active, low_stock, out_of_stock)
    SELECT 0, coalesce(sum(products), 0), coalesce(sum(active), 0), coalesce(sum(low_stock), 0), coalesce(sum(out_of_stock), 0) FROM gone
  ON CONFLICT (backend) DO UPDATE SET products = c.products + EXCLUDED.products, active = c.active + EXCLUDED.active,
    low_stock = c.low_stock + EXCLUDED.low_stock, out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock;

  WITH gone AS (
    DELETE FROM order_figures WHERE (kind, hour, status, payment_status, backend) IN (
      SELECT kind, hour, status, payment_status, backend FROM order_figures WHERE backend <> 0 FOR UPDATE SKIP LOCKED)
    RETURNING kind, hour, status, payment_status, orders, amount)
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
    SELECT kind, hour, status, payment_status, 0, sum(orders), sum(amount) FROM gone GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;

  WITH gone AS (
    DELETE FROM sales_figures WHERE (grain, period, dimension, key, backend) IN (
      SELECT grain, period, dimension, key, backend FROM sales_figures WHERE backend <> 0 FOR UPDATE SKIP LOCKED)
    RETURNING grain, period, dimension, key, orders, items, goods)
  INSERT INTO sales_figures AS f (grain, period, dimension, key, backend, orders, items, goods)
    SELECT grain, period, dimension, key, 0, sum(orders), sum(items), sum(goods) FROM gone GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period, dimension, key, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, items = f.items + EXCLUDED.items, goods = f.goods + EXCLUDED.goods;

  WITH gone AS (
    DELETE FROM assistant_changes WHERE backend IN (
      SELECT backend FROM assistant_changes WHERE backend <> 0 ORDER BY backend FOR UPDATE SKIP LOCKED)
    RETURNING changes)
  INSERT INTO assistant_changes AS a (backend, changes) SELECT 0, coalesce(sum(changes), 0) FROM gone
  ON CONFLICT (backend) DO UPDATE SET changes = a.changes + EXCLUDED.changes;
END;
$$;
