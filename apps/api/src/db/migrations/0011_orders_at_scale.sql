-- Hand-written (issue 15, checkout and back office at 100,000 orders).
-- Checkout's cap on a guest's open unpaid orders per address (payments.repository openUnpaidCountsSql)
-- looks the address up instead of scanning every unpaid order; the e-mail side uses orders_guest_email_idx.
CREATE INDEX IF NOT EXISTS "orders_guest_unpaid_address_idx" ON "orders" ("shipping_district_id", (regexp_replace(lower("shipping_address"), '[^a-z0-9]+', '', 'g'))) WHERE "user_id" IS NULL AND "payment_status" = 'unpaid';
--> statement-breakpoint
-- The order desk's newest-first list and the CSV export's keyset pages ((created_at, id) < cursor)
-- walk this index backwards instead of sorting the orders.
CREATE INDEX IF NOT EXISTS "orders_created_id_idx" ON "orders" ("created_at", "id");
--> statement-breakpoint
-- The desk's counts and money per status, and the dashboard's, read from the index alone.
CREATE INDEX IF NOT EXISTS "orders_status_payment_idx" ON "orders" ("status", "payment_status") INCLUDE ("total_amount");
--> statement-breakpoint
-- The desk's search (admin-orders.repository searchCondition): names and e-mails joined by chr(31), the
-- same expression as the query's; product names; the POS and payment references.
CREATE INDEX IF NOT EXISTS "orders_search_names_trgm_idx" ON "orders" USING gin ((coalesce("guest_email", '') || chr(31) || coalesce("customer_email", '') || chr(31) || coalesce("shipping_name", '') || chr(31) || coalesce("customer_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_payment_reference_trgm_idx" ON "orders" USING gin ("payment_reference" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_product_name_trgm_idx" ON "order_items" USING gin ("product_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_reference_trgm_idx" ON "payments" USING gin ("reference" gin_trgm_ops);
--> statement-breakpoint
-- The dashboard's revenue of the month: the payments received since the month began.
CREATE INDEX IF NOT EXISTS "payments_paid_at_idx" ON "payments" ("paid_at") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
-- The admin product grid sorted by name, and the dashboard's newest products: neither column moves
-- with the stock, so checkout's stock updates stay HOT updates.
CREATE INDEX IF NOT EXISTS "products_name_lower_idx" ON "products" (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_created_id_idx" ON "products" ("created_at", "id");
--> statement-breakpoint
-- The products screen's and the dashboard's counts (all, active, low stock, sold out) from this narrow
-- index instead of the wide rows. Stock is already in 0005's index, so the stock update was not a HOT
-- update before this one either.
CREATE INDEX IF NOT EXISTS "products_active_stock_idx" ON "products" ("is_active", "stock");
