CREATE OR REPLACE FUNCTION public.catalogue_figures_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalogue_figures_add(0, coalesce(sum(n.is_active::int - o.is_active::int), 0), coalesce(sum((n.stock <= 5)::int - (o.stock <= 5)::int), 0),
    coalesce(sum((n.stock = 0)::int - (o.stock = 0)::int), 0))
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  RETURN NULL;
END;
$function$
