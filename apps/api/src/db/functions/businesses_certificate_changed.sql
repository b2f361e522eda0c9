CREATE OR REPLACE FUNCTION public.businesses_certificate_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.nib IS DISTINCT FROM OLD.nib THEN NEW.nib_verified_at := NULL; END IF;
  IF NEW.pirt IS DISTINCT FROM OLD.pirt THEN NEW.pirt_verified_at := NULL; END IF;
  IF NEW.bpom IS DISTINCT FROM OLD.bpom THEN NEW.bpom_verified_at := NULL; END IF;
  IF NEW.halal IS DISTINCT FROM OLD.halal THEN NEW.halal_verified_at := NULL; END IF;
  RETURN NEW;
END;
$function$
