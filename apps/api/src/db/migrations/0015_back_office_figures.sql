-- Hand-written (issue 15, docs/decisions/036-checkout-and-back-office-at-scale.md, "Product list and
-- desk search without passes over the catalogue" (2026-11-25)).
-- The order desk's search by name or e-mail rechecked every order the trigram index offered with
-- ILIKE over four columns joined on the fly ("siti": 6,250 of 100,000 orders, most of a searched
-- page's cost). The joined text is now stored lower-cased, written by PostgreSQL itself (no code
-- writes it; the ORM schema does not list it), and searched with LIKE on the lower-cased query
-- (admin-orders.repository.ts): about a third of the recheck's cost. Its trigram index replaces
-- 0011's index on the expression, so a checkout still writes one names index.
ALTER TABLE "orders" ADD COLUMN "search_names" text GENERATED ALWAYS AS (
  lower(coalesce("guest_email", '') || chr(31) || coalesce("customer_email", '') || chr(31) || coalesce("shipping_name", '') || chr(31) || coalesce("customer_name", ''))
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_names_trgm_idx";
--> statement-breakpoint
CREATE INDEX "orders_search_names_trgm_idx" ON "orders" USING gin ("search_names" gin_trgm_ops);
--> statement-breakpoint
-- The admin product list's stats cards counted every product on each request (100,000 at a
-- province's size); the dashboard already read 0014's kept catalogue figures, which lacked the
-- sold-out count ("Stok habis": stock 0). It is kept the same way, by the same statement triggers.
ALTER TABLE "catalogue_figures" ADD COLUMN "out_of_stock" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP FUNCTION IF EXISTS catalogue_figures_add(bigint, bigint, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_add(products bigint, active bigint, low_stock bigint, out_of_stock bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF products <> 0 OR active <> 0 OR low_stock <> 0 OR out_of_stock <> 0 THEN
    INSERT INTO catalogue_figures AS c (backend, products, active, low_stock, out_of_stock) VALUES (pg_backend_pid(), products, active, low_stock, out_of_stock)
      ON CONFLICT (backend) DO UPDATE SET products = c.products + EXCLUDED.products, active = c.active + EXCLUDED.active,
        low_stock = c.low_stock + EXCLUDED.low_stock, out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_figures_add(count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE stock <= 5), count(*) FILTER (WHERE stock = 0)) FROM new_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_figures_add(0, coalesce(sum(n.is_active::int - o.is_active::int), 0), coalesce(sum((n.stock <= 5)::int - (o.stock <= 5)::int), 0),
    coalesce(sum((n.stock = 0)::int - (o.stock = 0)::int), 0))
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_figures_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_figures_add(-count(*), -count(*) FILTER (WHERE is_active), -count(*) FILTER (WHERE stock <= 5), -count(*) FILTER (WHERE stock = 0)) FROM old_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- What is there before this migration, in backend 0 (the other backends' rows hold no sold-out products yet).
UPDATE catalogue_figures SET out_of_stock = (SELECT count(*) FROM products WHERE stock = 0) WHERE backend = 0;
--> statement-breakpoint
INSERT INTO catalogue_figures (backend, out_of_stock) SELECT 0, count(*) FROM products WHERE stock = 0
  ON CONFLICT (backend) DO NOTHING;
--> statement-breakpoint
-- A proof waiting for an admin is always on an unpaid payment, but the planner took the two
-- conditions of payments_proof_submitted_idx as independent (566 rows estimated for 3,334 in the
-- bench) and answered "proofs to verify" by probing the orders of every submitted proof (~18 ms)
-- instead of walking the newest orders and probing the index (~0.3 ms). The two columns' joint
-- statistics give it the real count.
CREATE STATISTICS "payments_status_proof_stats" (dependencies, mcv) ON "status", "proof_status" FROM "payments";
--> statement-breakpoint
ANALYZE "payments";
