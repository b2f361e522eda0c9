CREATE OR REPLACE FUNCTION public.catalog_rows_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Rows whose only change is their stock, on the same side of zero: the stock feed.
  IF TG_TABLE_NAME = 'products' THEN
    INSERT INTO stock_feed (product_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0) AND to_jsonb(o) - 'stock' = to_jsonb(n) - 'stock';
  ELSE
    INSERT INTO stock_feed (product_id)
      SELECT DISTINCT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0) AND to_jsonb(o) - 'stock' = to_jsonb(n) - 'stock';
  END IF;
  -- Any other change moves the counter, as every write did before.
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE to_jsonb(o) <> to_jsonb(n)
               AND NOT (o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0) AND to_jsonb(o) - 'stock' = to_jsonb(n) - 'stock')) THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$function$
