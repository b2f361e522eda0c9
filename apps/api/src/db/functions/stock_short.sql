CREATE OR REPLACE FUNCTION public.stock_short(lines json)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF lines IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient stock' USING ERRCODE = 'PU001', DETAIL = lines::text;
  END IF;
END;
$function$
