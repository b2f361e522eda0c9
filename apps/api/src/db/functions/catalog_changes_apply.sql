CREATE OR REPLACE FUNCTION public.catalog_changes_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  -- Row by row in key order: each upsert locks its counter row, so every committing writer
  -- locks counters in one global order. A category deleted in the same transaction (after its
  -- products) has no counter row left to keep.
  FOR r IN
    SELECT ch.category_id, ch.business_id, sum(ch.products)::int AS products, sum(ch.in_stock)::int AS in_stock
    FROM catalog_changes ch
    WHERE ch.category_id IS NOT NULL AND EXISTS (SELECT 1 FROM categories c WHERE c.id = ch.category_id)
    GROUP BY 1, 2
    HAVING sum(ch.products) <> 0 OR sum(ch.in_stock) <> 0
    ORDER BY 1, 2
  LOOP
    INSERT INTO catalog_counts AS cc (category_id, business_id, products, in_stock)
      VALUES (r.category_id, r.business_id, r.products, r.in_stock)
    ON CONFLICT (category_id, business_id)
      DO UPDATE SET products = cc.products + EXCLUDED.products, in_stock = cc.in_stock + EXCLUDED.in_stock;
  END LOOP;
  DELETE FROM catalog_changes;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  PERFORM set_config('pasar.catalog_apply_queued', 'off', true);
  RETURN NULL;
END;
$function$
