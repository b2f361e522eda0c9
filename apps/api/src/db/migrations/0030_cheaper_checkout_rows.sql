-- Hand-written (issue 30 §3, docs/decisions/081-what-a-checkout-row-costs.md, docs/database.md).
-- Two costs EXPLAIN ANALYZE showed in every checkout's write:
--
-- 1. catalog_rows_updated (migration 0028) built each updated row's JSON twice (old and new) to see
--    whether only its stock had changed: a fifth of the write's execution for a one-product order
--    (0.20 of 1.6 ms), though a sale changes one integer. The same rule now puts the old stock into
--    the new row (jsonb_populate_record with one key) and compares the two rows' stored bytes (*=,
--    record_image_eq): equal bytes are equal values, and bytes that differ for equal values (none of
--    these tables' types) would only move the counter once more, the safe side. A size's row names
--    its product in product_id, a column products has not: it is read from the size's JSON, built only
--    for a size's row (a sale of a product without sizes builds none).
CREATE OR REPLACE FUNCTION catalog_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  other_change boolean;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT CASE WHEN TG_TABLE_NAME = 'products' THEN n.id ELSE (to_jsonb(n)->>'product_id')::int END AS product_id,
           o.stock AS was, n.stock AS now,
           jsonb_populate_record(n, jsonb_build_object('stock', o.stock)) *= o AS rest_same
    FROM new_rows n JOIN old_rows o ON o.id = n.id
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
-- 2. An order's two e-mails are written with it, their HTML over 2 kB, and pglz compressed each one
--    inside the checkout's statement (pglz_compress was 4% of PostgreSQL's CPU under the checkout
--    bench). lz4 compresses as well for this text at a fraction of the CPU. Only where the server was
--    built with it (PGlite and some builds are not): elsewhere the default stays.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4'::text = ANY (enumvals)) THEN
    ALTER TABLE mail_outbox ALTER COLUMN html_body SET COMPRESSION lz4, ALTER COLUMN text_body SET COMPRESSION lz4;
  END IF;
END;
$$;
