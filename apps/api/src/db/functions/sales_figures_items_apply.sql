CREATE OR REPLACE FUNCTION public.sales_figures_items_apply(gone order_items[], came order_items[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  touched orders[];
BEGIN
  touched := ARRAY(SELECT o FROM orders o WHERE o.id IN (SELECT order_id FROM unnest(gone) UNION SELECT order_id FROM unnest(came))
                     AND o.payment_status = 'paid' AND o.status <> 'cancelled');
  IF cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(
      ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT t.id FROM unnest(touched) t)
              AND NOT EXISTS (SELECT 1 FROM unnest(came) c WHERE c.id = i.id)
            UNION ALL SELECT ROW(g.*)::order_items FROM unnest(gone) g),
      touched, '{}'::products[], '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT t.id FROM unnest(touched) t)),
      touched, '{}'::products[], '{}'::businesses[]) l));
END;
$function$
