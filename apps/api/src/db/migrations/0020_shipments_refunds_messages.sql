-- Hand-written (issue 28, docs/decisions/049-one-payment-many-shipments.md). An order stays what the
-- buyer pays (one amount, one kode unik, one deadline, one proof); a shipment is what one origin (a
-- partner's district) sends, with its own courier, cost, resi and timeline. Refunds record money
-- going back; the outbox carries WhatsApp messages beside e-mails, each at most once per key; a
-- password reset is a one-time token kept only as its hash.
CREATE TABLE IF NOT EXISTS "shipments" (
  "id" serial PRIMARY KEY,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "position" smallint NOT NULL DEFAULT 1,
  "origin_district_id" integer,
  "origin_label" text,
  "kind" text NOT NULL DEFAULT 'national',
  "courier_code" text,
  "courier_name" text,
  "service" text,
  "cost" integer NOT NULL DEFAULT 0,
  "weight_grams" integer,
  "cost_breakdown" jsonb,
  "status" text NOT NULL DEFAULT 'packing',
  "tracking_number" text,
  "shipped_at" timestamp with time zone,
  "delivered_at" timestamp with time zone,
  "received_at" timestamp with time zone,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "shipments_kind_valid" CHECK ("kind" IN ('national', 'local_courier', 'pickup')),
  CONSTRAINT "shipments_status_valid" CHECK ("status" IN ('packing', 'shipped', 'delivered', 'received', 'cancelled')),
  CONSTRAINT "shipments_cost_nonnegative" CHECK ("cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shipments_order_position_unique" ON "shipments" ("order_id", "position");
--> statement-breakpoint
-- The auto-completion job's scan: delivered shipments not yet received.
CREATE INDEX IF NOT EXISTS "shipments_delivered_idx" ON "shipments" ("delivered_at") WHERE "status" = 'delivered';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_tracking_idx" ON "shipments" ("tracking_number") WHERE "tracking_number" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shipment_events" (
  "id" serial PRIMARY KEY,
  "shipment_id" integer NOT NULL REFERENCES "shipments"("id") ON DELETE CASCADE,
  "happened_at" timestamp with time zone NOT NULL,
  "status" text,
  "description" text NOT NULL,
  "location" text,
  "source" text NOT NULL DEFAULT 'staff',
  "actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "shipment_events_source_valid" CHECK ("source" IN ('staff', 'tracking', 'buyer', 'system'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipment_events_shipment_idx" ON "shipment_events" ("shipment_id", "happened_at");
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "shipment_id" integer REFERENCES "shipments"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_shipment_idx" ON "order_items" ("shipment_id");
--> statement-breakpoint
-- Orders placed before this migration: one shipment each (online orders only), with the order's
-- courier, cost and a status that follows the order's.
INSERT INTO "shipments" ("order_id", "position", "origin_district_id", "kind", "courier_code", "courier_name", "service", "cost", "cost_breakdown", "status", "shipped_at", "delivered_at", "received_at", "created_at", "updated_at")
SELECT o.id, 1,
       NULLIF(o.shipping_cost_breakdown->>'origin_district_id', '')::integer,
       CASE WHEN o.shipping_cost_breakdown->>'type' = 'local_courier' THEN 'local_courier' ELSE 'national' END,
       CASE WHEN o.shipping_cost_breakdown->>'type' = 'local_courier' THEN NULL ELSE o.shipping_courier END,
       o.shipping_courier, o.shipping_service, o.shipping_cost, o.shipping_cost_breakdown,
       CASE o.status WHEN 'shipped' THEN 'shipped' WHEN 'delivered' THEN 'received' WHEN 'cancelled' THEN 'cancelled' ELSE 'packing' END,
       CASE WHEN o.status IN ('shipped', 'delivered') THEN o.updated_at END,
       CASE WHEN o.status = 'delivered' THEN o.updated_at END,
       CASE WHEN o.status = 'delivered' THEN o.updated_at END,
       o.created_at, o.updated_at
  FROM "orders" o
 WHERE o.order_type = 'online'
   AND NOT EXISTS (SELECT 1 FROM "shipments" s WHERE s.order_id = o.id);
--> statement-breakpoint
UPDATE "order_items" i SET "shipment_id" = s.id
  FROM "shipments" s
 WHERE s.order_id = i.order_id AND s.position = 1 AND i.shipment_id IS NULL;
--> statement-breakpoint
-- "Hanya kirim lokal": such a product ships by a local courier only (or is picked up).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "local_only" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "refunds" (
  "id" serial PRIMARY KEY,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "amount" integer NOT NULL,
  "method" text NOT NULL,
  "reference" text,
  "reason" text,
  "actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "refunds_amount_positive" CHECK ("amount" > 0),
  CONSTRAINT "refunds_method_valid" CHECK ("method" IN ('transfer', 'cash', 'gateway'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_order_idx" ON "refunds" ("order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_created_idx" ON "refunds" ("created_at");
--> statement-breakpoint
-- A confirmed payment reversed by an admin (same day, with a reason; the order's history keeps who).
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "reversed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "reversed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "reversal_reason" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "channel" text NOT NULL DEFAULT 'email';
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_valid" CHECK ("channel" IN ('email', 'whatsapp'));
--> statement-breakpoint
-- What makes a buyer message once-only ("payment_received:42:email"); null for messages that may repeat.
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "dedupe_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "mail_outbox_dedupe_unique" ON "mail_outbox" ("dedupe_key") WHERE "dedupe_key" IS NOT NULL;
--> statement-breakpoint
-- WhatsApp: the approved template's name and its parameters, in order.
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "template" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "template_params" jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_order_idx" ON "mail_outbox" ("order_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "password_reset_tokens" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_reset_tokens_user_idx" ON "password_reset_tokens" ("user_id");
