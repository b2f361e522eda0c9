CREATE OR REPLACE FUNCTION public.order_figures_payments_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_payments_apply('{}'::payments[], ARRAY(SELECT ROW(n.*)::payments FROM new_rows n
    WHERE n.paid_at IS NOT NULL OR (n.status = 'unpaid' AND n.proof_status = 'submitted')));
  RETURN NULL;
END;
$function$
