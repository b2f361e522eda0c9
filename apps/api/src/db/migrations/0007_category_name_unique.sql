-- Hand-written first part (issue 17): category names become unique regardless of letter case and
-- surrounding spaces. A real database may already hold "Batik" and "batik ", and the unique index
-- below would then fail to build and stop the migration. So the duplicates are made distinct
-- first: the oldest category (lowest id) keeps its name, each later one gets " (2)", " (3)", ...
-- The loop repeats in case a new name meets an existing one (a category already named "Batik (2)").
-- The version goes up so an edit form still open on a renamed category is told it is stale.
DO $$
BEGIN
  LOOP
    WITH ranked AS (
      SELECT id, row_number() OVER (PARTITION BY lower(btrim(name)) ORDER BY id) AS rn FROM categories
    )
    UPDATE categories c
      SET name = btrim(c.name) || ' (' || ranked.rn || ')', version = c.version + 1, updated_at = now()
      FROM ranked
      WHERE ranked.id = c.id AND ranked.rn > 1;
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_unique" ON "categories" USING btree (lower(btrim("name")));
