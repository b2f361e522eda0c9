CREATE OR REPLACE FUNCTION public.catalogue_figures_add(products bigint, active bigint, low_stock bigint, out_of_stock bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF products <> 0 OR active <> 0 OR low_stock <> 0 OR out_of_stock <> 0 THEN
    INSERT INTO catalogue_figures AS c (backend, products, active, low_stock, out_of_stock) VALUES (pg_backend_pid(), products, active, low_stock, out_of_stock)
      ON CONFLICT (backend) DO UPDATE SET products = c.products + EXCLUDED.products, active = c.active + EXCLUDED.active,
        low_stock = c.low_stock + EXCLUDED.low_stock, out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock;
  END IF;
END;
$function$
