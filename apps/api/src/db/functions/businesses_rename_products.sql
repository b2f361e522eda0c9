CREATE OR REPLACE FUNCTION public.businesses_rename_products()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products SET business_id = business_id WHERE business_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$function$
