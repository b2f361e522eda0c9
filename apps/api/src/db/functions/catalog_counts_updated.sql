CREATE OR REPLACE FUNCTION public.catalog_counts_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF (OLD.is_active, OLD.category_id, OLD.business_id, OLD.stock > 0) IS DISTINCT FROM (NEW.is_active, NEW.category_id, NEW.business_id, NEW.stock > 0) THEN
    INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
      SELECT OLD.category_id, coalesce(OLD.business_id, 0), -1, -(OLD.stock > 0)::int WHERE OLD.is_active
      UNION ALL
      SELECT NEW.category_id, coalesce(NEW.business_id, 0), 1, (NEW.stock > 0)::int WHERE NEW.is_active;
  END IF;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$
