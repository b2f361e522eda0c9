CREATE OR REPLACE FUNCTION public.catalogue_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM catalogue_figures;
  RETURN NULL;
END;
$function$
