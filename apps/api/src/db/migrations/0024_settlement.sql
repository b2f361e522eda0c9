-- Hand-written (issue 29 part 4, docs/decisions/057-settlement.md). A line removed from a shipment
-- already delivered lowers order_items.line_total (or deletes the line) while its refund is
-- allocated to the partner: the partner's goods must stay what was delivered, or the removal would
-- count twice (lower goods and a refund) in a period still open. The allocation keeps the shipment
-- and the goods the removal took off it, and settlement adds them back to the shipment's lines.
ALTER TABLE "refund_allocations"
  ADD COLUMN IF NOT EXISTS "shipment_id" integer REFERENCES "shipments"("id") ON DELETE SET NULL,
  ADD COLUMN IF NOT EXISTS "goods_removed" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "refund_allocations" ADD CONSTRAINT "refund_allocations_goods_removed_nonnegative" CHECK ("goods_removed" >= 0);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_allocations_shipment_idx" ON "refund_allocations" ("shipment_id") WHERE "shipment_id" IS NOT NULL;
