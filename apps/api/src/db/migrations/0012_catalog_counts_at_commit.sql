-- Hand-written (issue 15, docs/decisions/033-catalog-speed.md). 0010's triggers updated the
-- counter rows of catalog_counts and the version row while the writing statement ran, and held
-- them until commit: two checkouts selling out products of two categories in opposite order
-- locked the counters in opposite order and PostgreSQL aborted one (deadlock). Now the triggers
-- only append what changed to catalog_changes (plain inserts never wait for one another), and one
-- deferred trigger applies a transaction's changes at its commit: the counter rows in
-- (category_id, business_id) order, then the version row. Every writer takes these locks in the
-- same order, holds them only while committing and waits for nothing else in between, so no cycle
-- can form. The version still changes in the same commit as the data, so a search ranked in one
-- snapshot is never filed under a version that includes a change it did not see.
CREATE TABLE "catalog_changes" (
	"category_id" integer,
	"business_id" integer DEFAULT 0 NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Rows live only inside their writer's transaction (applied and deleted at its commit); other
-- transactions never see them, so no transaction id is needed to tell whose they are. A row with
-- a NULL category is the transaction's marker: it queues the apply at commit (once per
-- transaction, remembered in a transaction-local setting, which a rolled-back savepoint undoes
-- together with the rows it wrote).
CREATE OR REPLACE FUNCTION catalog_changed() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('pasar.catalog_apply_queued', true), '') <> 'on' THEN
    PERFORM set_config('pasar.catalog_apply_queued', 'on', true);
    INSERT INTO catalog_changes (category_id) VALUES (NULL);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_changes_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- Row by row in key order: each upsert locks its counter row, so every committing writer
  -- locks counters in one global order. A category deleted in the same transaction (after its
  -- products) has no counter row left to keep.
  FOR r IN
    SELECT ch.category_id, ch.business_id, sum(ch.products)::int AS products, sum(ch.in_stock)::int AS in_stock
    FROM catalog_changes ch
    WHERE ch.category_id IS NOT NULL AND EXISTS (SELECT 1 FROM categories c WHERE c.id = ch.category_id)
    GROUP BY 1, 2
    HAVING sum(ch.products) <> 0 OR sum(ch.in_stock) <> 0
    ORDER BY 1, 2
  LOOP
    INSERT INTO catalog_counts AS cc (category_id, business_id, products, in_stock)
      VALUES (r.category_id, r.business_id, r.products, r.in_stock)
    ON CONFLICT (category_id, business_id)
      DO UPDATE SET products = cc.products + EXCLUDED.products, in_stock = cc.in_stock + EXCLUDED.in_stock;
  END LOOP;
  DELETE FROM catalog_changes;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  PERFORM set_config('pasar.catalog_apply_queued', 'off', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_changes_apply_trg AFTER INSERT ON catalog_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.category_id IS NULL)
  EXECUTE FUNCTION catalog_changes_apply();
--> statement-breakpoint
-- Inserts and deletes are still counted per statement (one row per category and business,
-- however many products a bulk import writes).
CREATE OR REPLACE FUNCTION catalog_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
    SELECT category_id, coalesce(business_id, 0), count(*), count(*) FILTER (WHERE stock > 0)
    FROM new_rows WHERE is_active GROUP BY 1, 2;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
    SELECT category_id, coalesce(business_id, 0), -count(*), -count(*) FILTER (WHERE stock > 0)
    FROM old_rows WHERE is_active GROUP BY 1, 2;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The update trigger keeps 0010's WHEN (only changes a count or a search answer depends on), so
-- a checkout that does not sell a product out writes nothing here.
CREATE OR REPLACE FUNCTION catalog_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.is_active, OLD.category_id, OLD.business_id, OLD.stock > 0) IS DISTINCT FROM (NEW.is_active, NEW.category_id, NEW.business_id, NEW.stock > 0) THEN
    INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
      SELECT OLD.category_id, coalesce(OLD.business_id, 0), -1, -(OLD.stock > 0)::int WHERE OLD.is_active
      UNION ALL
      SELECT NEW.category_id, coalesce(NEW.business_id, 0), 1, (NEW.stock > 0)::int WHERE NEW.is_active;
  END IF;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE holds the products table exclusively; its own pending changes are void.
CREATE OR REPLACE FUNCTION catalog_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM catalog_counts ORDER BY category_id, business_id FOR UPDATE;
  DELETE FROM catalog_counts;
  DELETE FROM catalog_changes WHERE category_id IS NOT NULL;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A category shown or hidden changes every search's answer: the version moves at commit too.
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_changed();
  RETURN NULL;
END;
$$;
