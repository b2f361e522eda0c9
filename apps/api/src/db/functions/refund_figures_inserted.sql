CREATE OR REPLACE FUNCTION public.refund_figures_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(n.*)::refunds FROM new_rows n), 1);
  RETURN NULL;
END;
$function$
