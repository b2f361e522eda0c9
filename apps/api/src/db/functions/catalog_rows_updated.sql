CREATE OR REPLACE FUNCTION public.catalog_rows_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
