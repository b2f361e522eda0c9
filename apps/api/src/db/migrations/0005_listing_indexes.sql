-- Hand-written: covering partial indexes for the public catalogue. A category page counts its
-- products, distinct partners and in-stock items and picks one page of ids; with these the
-- whole computation is an index-only scan instead of visiting every product row of the category.
CREATE INDEX IF NOT EXISTS "products_public_category_idx" ON "products" ("category_id", "id") INCLUDE ("business_id", "stock") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_all_idx" ON "products" ("id") INCLUDE ("category_id", "business_id", "stock") WHERE "is_active";
