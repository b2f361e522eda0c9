CREATE OR REPLACE FUNCTION public.refund_figures_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(d.*)::refunds FROM old_rows d), -1);
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(n.*)::refunds FROM new_rows n), 1);
  RETURN NULL;
END;
$function$
