CREATE OR REPLACE FUNCTION public.order_figures_payments_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures WHERE kind = 3;
  PERFORM order_figures_rebuild_revenue();
  RETURN NULL;
END;
$function$
