-- Hand-written (issue 30 §2, docs/decisions/077-a-sale-changes-its-product.md, docs/database.md).
-- A sale used to move the change counter every kept catalogue answer is filed under (assistant_changes,
-- migration 0013), so one sale dropped every kept page and search of every process. A change that only
-- moves a product's or a size's stock, and leaves the product on the same side of zero, is now written
-- to stock_feed instead: the product it changed, in the writer's transaction. Each process reads the
-- rows it has not seen with its freshness read and drops only the answers holding those products. Any
-- other change (a product sold out or back in stock, a name, a price, a category, a business, a setting)
-- still moves the counter, since it can change what a list counts or which products it holds.
--
-- Rows are found by sequence number and by transaction: a transaction may take a lower number and
-- commit after a higher one was read. Readers keep the transactions in progress at their snapshot
-- (pg_current_snapshot()) and ask for their rows again until they are done, so no row is missed.
CREATE TABLE "stock_feed" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stock_feed_xid_idx" ON "stock_feed" ("xid");
--> statement-breakpoint
-- The background jobs delete rows older than an hour and note here the highest number deleted: a
-- reader that had not seen that far drops everything rather than miss a sale.
ALTER TABLE "catalog_state" ADD COLUMN "stock_feed_pruned" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows whose only change is their stock, on the same side of zero: the stock feed.
  IF TG_TABLE_NAME = 'products' THEN
    INSERT INTO stock_feed (product_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0) AND to_jsonb(o) - 'stock' = to_jsonb(n) - 'stock';
  ELSE
    INSERT INTO stock_feed (product_id)
      SELECT DISTINCT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0) AND to_jsonb(o) - 'stock' = to_jsonb(n) - 'stock';
  END IF;
  -- Any other change moves the counter, as every write did before.
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE to_jsonb(o) <> to_jsonb(n)
               AND NOT (o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0) AND to_jsonb(o) - 'stock' = to_jsonb(n) - 'stock')) THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_assistant_upd_trg" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_assistant_upd_trg" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_rows_updated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_variants_assistant_upd_trg" ON "product_variants";
--> statement-breakpoint
CREATE TRIGGER "product_variants_assistant_upd_trg" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_rows_updated();
