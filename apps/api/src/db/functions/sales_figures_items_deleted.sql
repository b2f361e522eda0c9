CREATE OR REPLACE FUNCTION public.sales_figures_items_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_items_apply(ARRAY(SELECT ROW(o.*)::order_items FROM old_rows o), '{}'::order_items[]);
  RETURN NULL;
END;
$function$
