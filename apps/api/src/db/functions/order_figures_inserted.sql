CREATE OR REPLACE FUNCTION public.order_figures_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_apply('{}'::orders[], ARRAY(SELECT ROW(n.*)::orders FROM new_rows n));
  RETURN NULL;
END;
$function$
