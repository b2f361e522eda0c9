-- Hand-written (issue 29 part 6, docs/decisions/059-trust-marks.md). A trust mark is a certificate
-- number the office verified (businesses.*_verified_at). A verification belongs to the number it
-- was given for: whoever changes the number (the partner's corner, the back office, an approval
-- that updates an existing business, psql) loses the verification in the same write, so no code
-- path can leave an unchecked number showing as verified.
CREATE OR REPLACE FUNCTION businesses_certificate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.nib IS DISTINCT FROM OLD.nib THEN NEW.nib_verified_at := NULL; END IF;
  IF NEW.pirt IS DISTINCT FROM OLD.pirt THEN NEW.pirt_verified_at := NULL; END IF;
  IF NEW.bpom IS DISTINCT FROM OLD.bpom THEN NEW.bpom_verified_at := NULL; END IF;
  IF NEW.halal IS DISTINCT FROM OLD.halal THEN NEW.halal_verified_at := NULL; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_certificate_changed_trg BEFORE UPDATE OF nib, pirt, bpom, halal ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_certificate_changed();
--> statement-breakpoint
-- The catalogue's Halal filter (GET /catalog/products?halal=true) answers from the search cache
-- kept per catalog_state.version (migrations 0010/0012): a Halal mark verified or cleared changes
-- which products that filter answers, so it moves the version at commit like a category shown or
-- hidden. Only the halal mark does: NIB, PIRT and BPOM filter nothing.
CREATE TRIGGER businesses_halal_catalog_version_trg AFTER UPDATE OF halal_verified_at, halal ON businesses FOR EACH ROW
  WHEN ((OLD.halal_verified_at IS NULL) IS DISTINCT FROM (NEW.halal_verified_at IS NULL))
  EXECUTE FUNCTION catalog_version_bump();
