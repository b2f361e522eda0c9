CREATE OR REPLACE FUNCTION public.sales_figures_items_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_items_apply('{}'::order_items[], ARRAY(SELECT ROW(n.*)::order_items FROM new_rows n));
  RETURN NULL;
END;
$function$
