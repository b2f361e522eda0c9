CREATE OR REPLACE FUNCTION public.order_figures_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_apply(
    ARRAY(SELECT ROW(o.*)::orders FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.total_amount, o.created_at) IS DISTINCT FROM (n.status, n.payment_status, n.total_amount, n.created_at)),
    ARRAY(SELECT ROW(n.*)::orders FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.total_amount, o.created_at) IS DISTINCT FROM (n.status, n.payment_status, n.total_amount, n.created_at)));
  RETURN NULL;
END;
$function$
