CREATE OR REPLACE FUNCTION public.sales_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_rebuild();
  RETURN NULL;
END;
$function$
