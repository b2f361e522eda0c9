CREATE OR REPLACE FUNCTION public.sales_figures_order_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.payment_status = 'paid' AND OLD.status <> 'cancelled' THEN
    PERFORM sales_figures_apply(
      ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = OLD.id), ARRAY[OLD], '{}'::products[], '{}'::businesses[]) l),
      '{}'::sales_line[]);
  END IF;
  RETURN OLD;
END;
$function$
