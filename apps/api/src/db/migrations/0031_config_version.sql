-- Hand-written (issue 30 §3, docs/decisions/083-checkout-config-version.md, docs/database.md).
-- Every checkout read the store's settings and the local couriers' prices inside its context
-- statement: ~0.14 ms of PostgreSQL's CPU an order (escaping and aggregating the same rows into JSON),
-- though they change a few times a year. A process now keeps what it read with the version it read
-- it at, and the context statement reads a part again only when this row's version is another one.
--
-- The version is a random uuid, not a counter: a database restored or copied from a template, or
-- truncated and seeded again, can never bring back a number a process already holds for other rows.
CREATE TABLE IF NOT EXISTS "config_version" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" uuid NOT NULL DEFAULT gen_random_uuid()
);
--> statement-breakpoint
INSERT INTO "config_version" ("id") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION config_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO config_version AS v (id, version) VALUES (true, gen_random_uuid())
    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['settings', 'couriers', 'courier_prices'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION config_version_bump()', t || '_config_version_trg', t);
  END LOOP;
END;
$$;
