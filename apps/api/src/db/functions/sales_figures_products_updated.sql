CREATE OR REPLACE FUNCTION public.sales_figures_products_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  moved products[];
  ords orders[];
  items order_items[];
BEGIN
  moved := ARRAY(SELECT ROW(o.*)::products FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o.business_id, o.category_id) IS DISTINCT FROM (n.business_id, n.category_id));
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  ords := ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
                  AND o.id IN (SELECT i.order_id FROM order_items i WHERE i.product_id IN (SELECT m.id FROM unnest(moved) m)));
  items := ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT o.id FROM unnest(ords) o));
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(items, ords, moved, '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$function$
