CREATE OR REPLACE FUNCTION public.sales_figures_items_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_items_apply(
    ARRAY(SELECT ROW(o.*)::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.order_id, o.product_id, o.quantity, o.line_total) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total)),
    ARRAY(SELECT ROW(n.*)::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.order_id, o.product_id, o.quantity, o.line_total) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total)));
  RETURN NULL;
END;
$function$
