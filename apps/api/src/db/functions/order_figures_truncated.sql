CREATE OR REPLACE FUNCTION public.order_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures;
  RETURN NULL;
END;
$function$
