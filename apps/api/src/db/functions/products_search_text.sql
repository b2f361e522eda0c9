CREATE OR REPLACE FUNCTION public.products_search_text()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
