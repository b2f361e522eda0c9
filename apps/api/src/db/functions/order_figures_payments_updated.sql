CREATE OR REPLACE FUNCTION public.order_figures_payments_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_payments_apply(
    ARRAY(SELECT ROW(d.*)::payments FROM old_rows d JOIN new_rows n ON n.id = d.id
          WHERE (d.order_id, d.paid_at, d.status, d.proof_status) IS DISTINCT FROM (n.order_id, n.paid_at, n.status, n.proof_status)),
    ARRAY(SELECT ROW(n.*)::payments FROM old_rows d JOIN new_rows n ON n.id = d.id
          WHERE (d.order_id, d.paid_at, d.status, d.proof_status) IS DISTINCT FROM (n.order_id, n.paid_at, n.status, n.proof_status)));
  RETURN NULL;
END;
$function$
