CREATE OR REPLACE FUNCTION public.catalogue_figures_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalogue_figures_add(-count(*), -count(*) FILTER (WHERE is_active), -count(*) FILTER (WHERE stock <= 5), -count(*) FILTER (WHERE stock = 0)) FROM old_rows;
  RETURN NULL;
END;
$function$
