-- Hand-written (issue 15, docs/decisions/036-checkout-and-back-office-at-scale.md, "Checkout: HOT stock
-- updates and a hand-written insert (stop 25)"). A sale changes only a product's `stock`. PostgreSQL
-- updates a row in place (HOT: no new entry in any index, a few WAL records) only when no index names a
-- changed column, as a key, an INCLUDE column or in its predicate. Stock was in three indexes, so every
-- sale wrote a new entry into every index of products, the two trigram GIN indexes among them (16 WAL
-- records, 83 buffers, 1.1 ms; 0.28 ms without). What they served no longer reads stock from an index:
-- - 0005's covering listing indexes: the listing's figures (products, partners, in stock) are kept in
--   catalog_counts since 0010, and a page of ids reads only the category and the id. They keep their
--   names and what they hold but stock.
-- - 0011's (is_active, stock): the products screen's and the dashboard's counts are kept in
--   catalogue_figures since 0014/0015; the screen's low-stock filter reads its count there too and walks
--   the primary key for its page.
DROP INDEX IF EXISTS "products_public_category_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_category_idx" ON "products" ("category_id", "id") INCLUDE ("business_id") WHERE "is_active";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_public_all_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_all_idx" ON "products" ("id") INCLUDE ("category_id", "business_id") WHERE "is_active";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_active_stock_idx";
--> statement-breakpoint
-- HOT also needs room for the new version on the row's own page; pages filled to the brim by a bulk
-- load have none until their dead versions are pruned (79% of a run of sales HOT on a 100,000-product
-- catalogue loaded at fillfactor 100, 93% once rewritten at 90). Pages written from now on keep a tenth
-- free. Existing pages are not rewritten here (VACUUM FULL would lock the catalogue, ~10 s at 100,000).
ALTER TABLE "products" SET (fillfactor = 90);
--> statement-breakpoint
-- Checkout writes its order and takes its stock in one statement, a transaction of its own (no BEGIN
-- and COMMIT round trips, the products locked only until that statement commits). A short line must
-- then undo the whole statement: this raises with the short lines (product_id, label) as JSON in the
-- detail, under its own SQLSTATE, which orders.repository's writePlacedOrder turns into the 409.
CREATE OR REPLACE FUNCTION stock_short(lines json) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF lines IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient stock' USING ERRCODE = 'PU001', DETAIL = lines::text;
  END IF;
END;
$$;
