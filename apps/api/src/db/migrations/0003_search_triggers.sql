-- Hand-written: the catalogue search text and its typo vocabulary are kept by the database
-- itself, so every writer (admin screens, seed, imports, a psql session) keeps them right.
CREATE OR REPLACE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(
    coalesce(NEW.name, '') || ' ' || coalesce(NEW.description, '') || ' ' ||
    coalesce((SELECT b.name FROM businesses b WHERE b.id = NEW.business_id), '')
  );
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^a-z0-9]+') AS w
    WHERE length(w) >= 3 AND length(w) <= 40
  ON CONFLICT (word) DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_text_trg
  BEFORE INSERT OR UPDATE OF name, description, business_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION businesses_rename_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products SET business_id = business_id WHERE business_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_rename_products_trg
  AFTER UPDATE OF name ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_rename_products();
--> statement-breakpoint
UPDATE products SET business_id = business_id;
--> statement-breakpoint
DROP INDEX IF EXISTS "products_description_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
