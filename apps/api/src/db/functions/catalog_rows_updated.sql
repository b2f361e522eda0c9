CREATE OR REPLACE FUNCTION public.catalog_rows_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  other_change boolean;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    WITH d AS MATERIALIZED (
      SELECT n.id AS product_id, o.stock AS was, n.stock AS now, (to_jsonb(o) - 'stock') = (to_jsonb(n) - 'stock') AS rest_same
      FROM new_rows n JOIN old_rows o ON o.id = n.id
    ), feed AS (
      INSERT INTO stock_feed (product_id) SELECT DISTINCT d.product_id FROM d WHERE d.rest_same AND d.was <> d.now AND (d.was > 0) = (d.now > 0)
    )
    SELECT EXISTS (SELECT 1 FROM d WHERE NOT d.rest_same OR (d.was <> d.now AND (d.was > 0) <> (d.now > 0))) INTO other_change;
  ELSE
    WITH d AS MATERIALIZED (
      SELECT n.product_id, o.stock AS was, n.stock AS now, (to_jsonb(o) - 'stock') = (to_jsonb(n) - 'stock') AS rest_same
      FROM new_rows n JOIN old_rows o ON o.id = n.id
    ), feed AS (
      INSERT INTO stock_feed (product_id) SELECT DISTINCT d.product_id FROM d WHERE d.rest_same AND d.was <> d.now AND (d.was > 0) = (d.now > 0)
    )
    SELECT EXISTS (SELECT 1 FROM d WHERE NOT d.rest_same OR (d.was <> d.now AND (d.was > 0) <> (d.now > 0))) INTO other_change;
  END IF;
  IF other_change THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$function$
