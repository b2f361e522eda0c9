CREATE OR REPLACE FUNCTION public.refund_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures WHERE kind = 4;
  PERFORM order_figures_rebuild_revenue();
  RETURN NULL;
END;
$function$
