-- Hand-written (issue 26, docs/decisions/044-proof-window-and-notices.md).
-- A proof of transfer used to exempt its order from expiry for as long as it waited, so a junk proof
-- held stock forever. The window a proof may wait is fixed once, at the first proof of the payment
-- (its upload time plus the verification window setting); later uploads never move it.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "verification_due_at" timestamp with time zone;
--> statement-breakpoint
-- Proofs already uploaded get the default window (48 h) from their latest upload, the only upload
-- time kept. A junk proof parked long ago therefore expires on the first job run after this.
UPDATE "payments" SET "verification_due_at" = "proof_uploaded_at" + interval '48 hours'
WHERE "proof_uploaded_at" IS NOT NULL AND "verification_due_at" IS NULL;
--> statement-breakpoint
-- The shop's notices of one kind about one order, at most one an hour: when the last went out, the
-- uploads since then not yet told (the next notice counts them), and how many the last one covered.
-- One row per order and kind, changed by one INSERT ... ON CONFLICT, so parallel uploads count each
-- once and only one of them is told.
CREATE TABLE IF NOT EXISTS "mail_throttle" (
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "noticed_at" timestamp with time zone NOT NULL,
  "unnoticed" integer NOT NULL DEFAULT 0,
  "covered" integer NOT NULL DEFAULT 1,
  PRIMARY KEY ("order_id", "kind")
);
