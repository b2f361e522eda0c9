CREATE OR REPLACE FUNCTION public.sales_figures_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM sales_figures;
  PERFORM sales_figures_apply('{}'::sales_line[], ARRAY(
    SELECT l FROM sales_lines_of(
      ARRAY(SELECT i FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'),
      ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'),
      '{}'::products[], '{}'::businesses[]) l));
  UPDATE sales_figures SET backend = 0 WHERE backend <> 0;
END;
$function$
