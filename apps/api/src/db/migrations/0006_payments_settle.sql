CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_valid" CHECK ("mail_outbox"."status" IN ('pending', 'sending', 'sent', 'failed', 'kept'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unique_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_file" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_content_type" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "verified_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unpaid_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_status" = 'unpaid' AND "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("guest_email"));--> statement-breakpoint
CREATE INDEX "payments_proof_submitted_idx" ON "payments" USING btree ("order_id") WHERE "payments"."proof_status" = 'submitted' AND "payments"."status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_access_token_unique" UNIQUE("access_token");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_proof_status_valid" CHECK ("payments"."proof_status" IN ('none', 'submitted', 'rejected'));--> statement-breakpoint
UPDATE "orders" o SET "payment_due_at" = (SELECT max(p."expires_at") FROM "payments" p WHERE p."order_id" = o."id") WHERE o."payment_status" = 'unpaid' AND o."order_type" = 'online';--> statement-breakpoint
UPDATE "orders" SET "access_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') WHERE "order_type" = 'online' AND "access_token" IS NULL;
