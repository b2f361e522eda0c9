-- Hand-written first part (issue 17): category names become unique regardless of letter case and
-- surrounding spaces. A real database may already hold "Batik" and "batik ", and the unique index
-- below would then fail to build and stop the migration. So the duplicates are made distinct
-- first: the oldest category (lowest id) keeps its name, each later one gets the first free
-- " (2)", " (3)", ... (free: no category has that name in any case, so an existing "Batik (2)"
-- is never renamed). The version goes up so an edit form still open on it is told it is stale.
DO $$
DECLARE
  dup record;
  n integer;
  candidate text;
BEGIN
  FOR dup IN
    SELECT id, btrim(name) AS base
      FROM (SELECT id, name, row_number() OVER (PARTITION BY lower(btrim(name)) ORDER BY id) AS rn FROM categories) ranked
      WHERE rn > 1
      ORDER BY id
  LOOP
    n := 2;
    LOOP
      candidate := dup.base || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM categories WHERE lower(btrim(name)) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE categories SET name = candidate, version = version + 1, updated_at = now() WHERE id = dup.id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_unique" ON "categories" USING btree (lower(btrim("name")));
