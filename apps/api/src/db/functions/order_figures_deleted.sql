CREATE OR REPLACE FUNCTION public.order_figures_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_apply(ARRAY[OLD], '{}'::orders[]);
  RETURN OLD;
END;
$function$
