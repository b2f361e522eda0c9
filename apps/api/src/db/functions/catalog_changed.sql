CREATE OR REPLACE FUNCTION public.catalog_changed()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(current_setting('pasar.catalog_apply_queued', true), '') <> 'on' THEN
    PERFORM set_config('pasar.catalog_apply_queued', 'on', true);
    INSERT INTO catalog_changes (category_id) VALUES (NULL);
  END IF;
END;
$function$
