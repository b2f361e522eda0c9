CREATE OR REPLACE FUNCTION public.sales_figures_items_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN orders o ON o.id = n.order_id WHERE o.payment_status = 'paid' AND o.status <> 'cancelled') THEN
    RETURN NULL;
  END IF;
  PERFORM sales_figures_items_apply('{}'::order_items[], ARRAY(SELECT ROW(n.*)::order_items FROM new_rows n));
  RETURN NULL;
END;
$function$
