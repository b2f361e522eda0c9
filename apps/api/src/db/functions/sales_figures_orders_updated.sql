CREATE OR REPLACE FUNCTION public.sales_figures_orders_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed integer[];
BEGIN
  changed := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status = 'cancelled', o.payment_status = 'paid', o.created_at, o.order_type) IS DISTINCT FROM (n.status = 'cancelled', n.payment_status = 'paid', n.created_at, n.order_type)
      AND ((o.payment_status = 'paid' AND o.status <> 'cancelled') OR (n.payment_status = 'paid' AND n.status <> 'cancelled')));
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = ANY(changed)),
                                       ARRAY(SELECT ROW(o.*)::orders FROM old_rows o WHERE o.id = ANY(changed)), '{}'::products[], '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = ANY(changed)),
                                       ARRAY(SELECT ROW(n.*)::orders FROM new_rows n WHERE n.id = ANY(changed)), '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$function$
