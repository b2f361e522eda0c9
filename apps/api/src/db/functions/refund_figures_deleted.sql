CREATE OR REPLACE FUNCTION public.refund_figures_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(d.*)::refunds FROM old_rows d), -1);
  RETURN NULL;
END;
$function$
