CREATE OR REPLACE FUNCTION public.catalog_counts_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM catalog_counts ORDER BY category_id, business_id FOR UPDATE;
  DELETE FROM catalog_counts;
  DELETE FROM catalog_changes WHERE category_id IS NOT NULL;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$
