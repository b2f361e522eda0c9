CREATE TABLE "catalog_counts" (
	"category_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_counts_category_id_business_id_pk" PRIMARY KEY("category_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_search_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL,
	"partners" integer NOT NULL,
	"in_stock" integer NOT NULL,
	"approximate" boolean DEFAULT false NOT NULL,
	"ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_state_one_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "catalog_counts" ADD CONSTRAINT "catalog_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_search_cache_created_idx" ON "catalog_search_cache" USING btree ("created_at");--> statement-breakpoint
-- Hand-written below (issue 15, docs/decisions/033-catalog-speed.md): the database keeps the
-- catalogue's counts and version itself, so every writer (admin screens, checkout, seed, imports,
-- psql) and every server process sees them right without a per-process cache to invalidate.
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
INSERT INTO "catalog_counts" ("category_id", "business_id", "products", "in_stock")
  SELECT category_id, coalesce(business_id, 0), count(*), count(*) FILTER (WHERE stock > 0)
  FROM products WHERE is_active GROUP BY 1, 2;
--> statement-breakpoint
-- Inserts and deletes are counted per statement (one upsert per category and business, however
-- many rows a bulk import writes).
CREATE OR REPLACE FUNCTION catalog_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_counts AS cc (category_id, business_id, products, in_stock)
    SELECT category_id, coalesce(business_id, 0), count(*), count(*) FILTER (WHERE stock > 0)
    FROM new_rows WHERE is_active GROUP BY 1, 2
  ON CONFLICT (category_id, business_id)
    DO UPDATE SET products = cc.products + EXCLUDED.products, in_stock = cc.in_stock + EXCLUDED.in_stock;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_counts AS cc SET products = cc.products - d.products, in_stock = cc.in_stock - d.in_stock
    FROM (SELECT category_id, coalesce(business_id, 0) AS business_id, count(*) AS products, count(*) FILTER (WHERE stock > 0) AS in_stock
          FROM old_rows WHERE is_active GROUP BY 1, 2) d
    WHERE cc.category_id = d.category_id AND cc.business_id = d.business_id;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update is counted per row, and only when it changes what the counts or a search answer
-- depend on (the trigger's WHEN): checkout's stock updates touch nothing here until a product
-- sells out or comes back, so orders do not queue on these rows.
CREATE OR REPLACE FUNCTION catalog_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active THEN
    UPDATE catalog_counts SET products = products - 1, in_stock = in_stock - (OLD.stock > 0)::int
      WHERE category_id = OLD.category_id AND business_id = coalesce(OLD.business_id, 0);
  END IF;
  IF NEW.is_active THEN
    INSERT INTO catalog_counts AS cc (category_id, business_id, products, in_stock)
      VALUES (NEW.category_id, coalesce(NEW.business_id, 0), 1, (NEW.stock > 0)::int)
    ON CONFLICT (category_id, business_id)
      DO UPDATE SET products = cc.products + 1, in_stock = cc.in_stock + EXCLUDED.in_stock;
  END IF;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_counts_ins_trg AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER products_catalog_counts_del_trg AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER products_catalog_counts_upd_trg AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.is_active, OLD.category_id, OLD.business_id, OLD.stock > 0, OLD.name, OLD.search_text)
        IS DISTINCT FROM (NEW.is_active, NEW.category_id, NEW.business_id, NEW.stock > 0, NEW.name, NEW.search_text))
  EXECUTE FUNCTION catalog_counts_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_counts;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_counts_trunc_trg AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_truncated();
--> statement-breakpoint
-- A category shown or hidden changes what every search answers.
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_catalog_version_trg AFTER UPDATE ON categories FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active) EXECUTE FUNCTION catalog_version_bump();
