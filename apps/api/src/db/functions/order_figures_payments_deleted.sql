CREATE OR REPLACE FUNCTION public.order_figures_payments_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_payments_apply(ARRAY(SELECT ROW(d.*)::payments FROM old_rows d
    WHERE d.paid_at IS NOT NULL OR (d.status = 'unpaid' AND d.proof_status = 'submitted')), '{}'::payments[]);
  RETURN NULL;
END;
$function$
