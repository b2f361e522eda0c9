CREATE OR REPLACE FUNCTION public.catalog_counts_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
    SELECT category_id, coalesce(business_id, 0), count(*), count(*) FILTER (WHERE stock > 0)
    FROM new_rows WHERE is_active GROUP BY 1, 2;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$
