-- Hand-written (issue 29, docs/decisions/053-partners-as-users.md). A partner business (UMKM) gets
-- accounts with the `mitra` role linked to it; applications wait for the office; a partner's product
-- changes wait for curation; a partner's certificates are verified by the office; payouts close a
-- period of what the office owes a partner; a refund is split over the partners it takes goods from.
INSERT INTO "roles" ("name", "display_name", "can_access_admin") VALUES ('mitra', 'Mitra UMKM', false)
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "business_id" integer REFERENCES "businesses"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_business_idx" ON "users" ("business_id") WHERE "business_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses"
  ADD COLUMN IF NOT EXISTS "owner_name" text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS "province_id" integer,
  ADD COLUMN IF NOT EXISTS "province_name" text,
  ADD COLUMN IF NOT EXISTS "sells" text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS "nib" text,
  ADD COLUMN IF NOT EXISTS "nib_verified_at" timestamp with time zone,
  ADD COLUMN IF NOT EXISTS "pirt" text,
  ADD COLUMN IF NOT EXISTS "pirt_verified_at" timestamp with time zone,
  ADD COLUMN IF NOT EXISTS "bpom" text,
  ADD COLUMN IF NOT EXISTS "bpom_verified_at" timestamp with time zone,
  ADD COLUMN IF NOT EXISTS "halal" text,
  ADD COLUMN IF NOT EXISTS "halal_verified_at" timestamp with time zone,
  ADD COLUMN IF NOT EXISTS "bank_name" text,
  ADD COLUMN IF NOT EXISTS "bank_account_number" text,
  ADD COLUMN IF NOT EXISTS "bank_account_name" text,
  ADD COLUMN IF NOT EXISTS "commission_percent" numeric(4, 1);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_commission_range" CHECK ("commission_percent" IS NULL OR ("commission_percent" >= 0 AND "commission_percent" <= 100));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "partner_applications" (
  "id" serial PRIMARY KEY,
  "status" text NOT NULL DEFAULT 'pending',
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "business_id" integer REFERENCES "businesses"("id") ON DELETE SET NULL,
  "business_name" text NOT NULL,
  "owner_name" text NOT NULL,
  "phone" text NOT NULL,
  "email" text NOT NULL,
  "address" text NOT NULL,
  "province_id" integer NOT NULL,
  "province_name" text NOT NULL,
  "city_id" integer NOT NULL,
  "city_name" text NOT NULL,
  "district_id" integer NOT NULL,
  "district_name" text NOT NULL,
  "nib" text NOT NULL,
  "pirt" text,
  "bpom" text,
  "halal" text,
  "sells" text NOT NULL,
  "bank_name" text NOT NULL,
  "bank_account_number" text NOT NULL,
  "bank_account_name" text NOT NULL,
  "rejection_reason" text,
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "reviewed_at" timestamp with time zone,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "partner_applications_status_valid" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_applications_status_idx" ON "partner_applications" ("status", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "partner_applications_one_pending_per_user" ON "partner_applications" ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "products"
  ADD COLUMN IF NOT EXISTS "curation_status" text NOT NULL DEFAULT 'approved',
  ADD COLUMN IF NOT EXISTS "curation_note" text;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_curation_status_valid" CHECK ("curation_status" IN ('approved', 'pending', 'rejected'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_changes" (
  "id" serial PRIMARY KEY,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "business_id" integer REFERENCES "businesses"("id") ON DELETE SET NULL,
  "kind" text NOT NULL,
  "previous" jsonb,
  "proposed" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "reason" text,
  "submitted_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "submitted_at" timestamp with time zone NOT NULL DEFAULT now(),
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "reviewed_at" timestamp with time zone,
  CONSTRAINT "product_changes_kind_valid" CHECK ("kind" IN ('new', 'change')),
  CONSTRAINT "product_changes_status_valid" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "product_changes_one_pending" ON "product_changes" ("product_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_changes_status_idx" ON "product_changes" ("status", "submitted_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_changes_business_idx" ON "product_changes" ("business_id", "submitted_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_events" (
  "id" serial PRIMARY KEY,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "note" text,
  "actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_events_product_idx" ON "product_events" ("product_id", "created_at");
--> statement-breakpoint
ALTER TABLE "shipments"
  ADD COLUMN IF NOT EXISTS "prepared_at" timestamp with time zone,
  ADD COLUMN IF NOT EXISTS "shipped_by_business_id" integer REFERENCES "businesses"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "refund_allocations" (
  "refund_id" integer NOT NULL REFERENCES "refunds"("id") ON DELETE CASCADE,
  "business_id" integer NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "amount" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("refund_id", "business_id"),
  CONSTRAINT "refund_allocations_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_allocations_business_idx" ON "refund_allocations" ("business_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "partner_payouts" (
  "id" serial PRIMARY KEY,
  "business_id" integer NOT NULL REFERENCES "businesses"("id") ON DELETE RESTRICT,
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "goods" integer NOT NULL,
  "refunds" integer NOT NULL,
  "commission" integer NOT NULL,
  "shipping" integer NOT NULL,
  "carried_in" integer NOT NULL DEFAULT 0,
  "owed" integer NOT NULL,
  "amount" integer NOT NULL,
  "paid_on" date NOT NULL,
  "bank_reference" text NOT NULL,
  "note" text,
  "actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "partner_payouts_period_valid" CHECK ("period_end" >= "period_start"),
  CONSTRAINT "partner_payouts_amount_nonnegative" CHECK ("amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "partner_payouts_business_start_unique" ON "partner_payouts" ("business_id", "period_start");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_payouts_business_end_idx" ON "partner_payouts" ("business_id", "period_end");
