-- Hand-written: drizzle-kit does not emit extensions or trigram indexes (TOOLCHAIN.md).
-- Catalogue search forgives typos and spelling variants with pg_trgm; these GIN indexes keep
-- `ILIKE '%term%'` and the `%` similarity operator fast at 100,000 products.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_description_trgm_idx" ON "products" USING gin (lower("description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_name_trgm_idx" ON "businesses" USING gin (lower("name") gin_trgm_ops);
