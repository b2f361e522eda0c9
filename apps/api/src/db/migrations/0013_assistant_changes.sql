-- Hand-written (issue 15, docs/decisions/036-checkout-and-back-office-at-scale.md, "Shopping
-- assistant"). Every question first asks whether the documents the assistant searches changed
-- (CorpusCache). That fingerprint summed version, stock and updated_at over every product: a scan
-- of 100,000 rows per question. Now each statement that changes a row of the source tables adds 1
-- to its own backend's counter row, in its own transaction: the sum moves in the same commit as
-- the data (never before it, never lost to a rollback), and since a backend runs one transaction
-- at a time, concurrent writers never wait for one another here (checkouts change stock).
-- Readers sum a few rows. Rows of finished backends are folded into row 0 by readers
-- (assistant.repository.ts) without changing the sum.
CREATE TABLE "assistant_changes" (
	"backend" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Statement level, skipping statements that changed no row (a job's UPDATE that matched nothing
-- would otherwise rebuild the documents of the whole catalogue).
CREATE OR REPLACE FUNCTION assistant_source_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assistant_source_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
    ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_variants', 'categories', 'businesses', 'knowledge_entries', 'settings'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION assistant_source_changed()', t || '_assistant_ins_trg', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION assistant_source_changed()', t || '_assistant_upd_trg', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION assistant_source_changed()', t || '_assistant_del_trg', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION assistant_source_truncated()', t || '_assistant_trunc_trg', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- What was there before this migration counts as one change.
INSERT INTO "assistant_changes" ("backend", "changes") VALUES (0, 1);
