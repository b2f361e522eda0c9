CREATE OR REPLACE FUNCTION public.catalog_version_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$
