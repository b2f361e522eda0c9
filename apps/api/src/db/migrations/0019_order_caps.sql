-- Hand-written (issue 26 part 4, docs/decisions/045-order-caps-that-hold.md). The caps on a buyer's
-- open unpaid online orders (per e-mail, per shipping address, per account) count by normalised keys
-- kept on the order, and the checkout's writing statement checks them under an advisory lock, so
-- parallel orders cannot all pass one cap.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cap_email" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cap_address" text;
--> statement-breakpoint
-- The same keys as core's capEmailKey and capAddressKey (packages/core/src/payments/caps.ts), for the
-- orders placed before this migration; checkout computes them in TypeScript. A test
-- (features/orders/order-caps.test.ts) checks that both agree. Only ASCII is lowercased and only
-- [a-z0-9] kept, so the answer does not depend on the database's locale.
CREATE OR REPLACE FUNCTION order_cap_email(email text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  address text;
  name text;
  domain text;
BEGIN
  IF email IS NULL THEN
    RETURN NULL;
  END IF;
  address := regexp_replace(
    translate(regexp_replace(normalize(email, NFKD), '[' || chr(768) || '-' || chr(879) || ']', '', 'g'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    '[' || E' \t\n\r\f\v' || ']+', '', 'g');
  IF strpos(address, '@') = 0 THEN
    RETURN address;
  END IF;
  name := substring(address FROM '^(.*)@');
  domain := substring(address FROM '@([^@]*)$');
  IF strpos(name, '+') > 0 THEN
    name := split_part(name, '+', 1);
  END IF;
  IF domain IN ('gmail.com', 'googlemail.com') THEN
    domain := 'gmail.com';
    name := replace(name, '.', '');
  END IF;
  RETURN name || '@' || domain;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_cap_address(address text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  plain text;
  word text;
  key text := '';
  in_neighbourhood boolean := false;
BEGIN
  IF address IS NULL THEN
    RETURN NULL;
  END IF;
  plain := translate(regexp_replace(normalize(address, NFKD), '[' || chr(768) || '-' || chr(879) || ']', '', 'g'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  FOR word IN SELECT r.m[1] FROM regexp_matches(plain, '[a-z]+|[0-9]+', 'g') WITH ORDINALITY AS r(m, n) ORDER BY r.n LOOP
    IF word IN ('rt', 'rw') THEN
      in_neighbourhood := true;
      CONTINUE;
    END IF;
    -- The numbers after RT or RW belong to them.
    IF in_neighbourhood AND word ~ '^[0-9]' THEN
      CONTINUE;
    END IF;
    in_neighbourhood := false;
    IF word IN ('jl', 'jln', 'jalan', 'no', 'nmr', 'nomor', 'nomer') THEN
      CONTINUE;
    END IF;
    IF word ~ '^[0-9]' THEN
      key := key || regexp_replace(word, '^0+(?=[0-9])', '');
    ELSE
      key := key || CASE word
        WHEN 'gg' THEN 'gang' WHEN 'blk' THEN 'blok' WHEN 'kav' THEN 'kavling'
        WHEN 'komp' THEN 'komplek' WHEN 'kompleks' THEN 'komplek' WHEN 'komplex' THEN 'komplek'
        WHEN 'perum' THEN 'perumahan' WHEN 'kel' THEN 'kelurahan' WHEN 'kec' THEN 'kecamatan'
        WHEN 'ds' THEN 'desa' WHEN 'dsn' THEN 'dusun' WHEN 'kab' THEN 'kabupaten'
        ELSE word END;
    END IF;
  END LOOP;
  IF key <> '' THEN
    RETURN key;
  END IF;
  RETURN btrim(regexp_replace(plain, '[' || E' \t\n\r\f\v' || ']+', ' ', 'g'), ' ');
END;
$$;
--> statement-breakpoint
-- Only open unpaid online orders are ever counted, and no order becomes unpaid again: the rest keep
-- no keys (a few rows to write, not the whole table).
UPDATE "orders" SET
  "cap_email" = nullif(order_cap_email(coalesce("guest_email", "customer_email")), ''),
  "cap_address" = nullif(order_cap_address("shipping_address"), '')
WHERE "order_type" = 'online' AND "payment_status" = 'unpaid' AND "status" <> 'cancelled';
--> statement-breakpoint
-- 0011's and 0016's guest-only indexes on the raw address and e-mail served the old count only.
DROP INDEX IF EXISTS "orders_guest_unpaid_address_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_guest_unpaid_email_idx";
--> statement-breakpoint
-- Each predicate names its own key column, so only its own count can use it (0016's lesson: an index whose
-- predicate another count implies may be taken for it, reading every unpaid order).
CREATE INDEX IF NOT EXISTS "orders_unpaid_cap_email_idx" ON "orders" ("cap_email") WHERE "payment_status" = 'unpaid' AND "status" <> 'cancelled' AND "cap_email" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_unpaid_cap_address_idx" ON "orders" ("shipping_district_id", "cap_address") WHERE "payment_status" = 'unpaid' AND "status" <> 'cancelled' AND "cap_address" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_unpaid_user_idx" ON "orders" ("user_id") WHERE "payment_status" = 'unpaid' AND "status" <> 'cancelled' AND "user_id" IS NOT NULL;
--> statement-breakpoint
-- A buyer's open unpaid online orders by account, e-mail key and address key (within the district),
-- leaving out `exclude` (the order being written). Each count is an index lookup on the indexes above.
-- STABLE: it counts in its caller's snapshot. In checkout's context statement that is the statement's
-- own, the one its read of an earlier order with the same Idempotency-Key saw too; in order_caps_hold
-- it is the fresh snapshot of the assignment that calls it after the locks, which sees every order
-- committed while it waited.
CREATE OR REPLACE FUNCTION order_unpaid_counts(exclude integer, buyer integer, email text, district integer, address text) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'by_account', (SELECT count(*)::int FROM orders o
                   WHERE buyer IS NOT NULL AND o.user_id = buyer AND o.payment_status = 'unpaid' AND o.status <> 'cancelled'
                     AND o.order_type = 'online' AND o.id <> coalesce(exclude, 0)),
    'by_email', (SELECT count(*)::int FROM orders o
                 WHERE email IS NOT NULL AND o.cap_email = email AND o.payment_status = 'unpaid' AND o.status <> 'cancelled'
                   AND o.order_type = 'online' AND o.id <> coalesce(exclude, 0)),
    'by_address', (SELECT count(*)::int FROM orders o
                   WHERE address IS NOT NULL AND o.shipping_district_id = district AND o.cap_address = address
                     AND o.payment_status = 'unpaid' AND o.status <> 'cancelled' AND o.order_type = 'online' AND o.id <> coalesce(exclude, 0)));
END;
$$;
--> statement-breakpoint
-- Checkout's writing statement calls this before it locks any product (orders.repository's
-- writePlacedOrder): it takes a transaction-level advisory lock on each of the buyer's keys, in one
-- order (the hashes ascending, so two checkouts never wait on each other in a cycle), then counts.
-- A parallel checkout of the same buyer waits here until this statement commits, and its count then
-- sees this order. A cap reached raises PU002 with the cap and the count as JSON in the detail.
CREATE OR REPLACE FUNCTION order_caps_hold(
  exclude integer, buyer integer, email text, district integer, address text,
  max_account integer, max_email integer, max_address integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key bigint;
  counts json;
BEGIN
  FOR lock_key IN
    SELECT k FROM unnest(ARRAY[
      hashtextextended('order-cap:account:' || buyer, 0),
      hashtextextended('order-cap:email:' || email, 0),
      hashtextextended('order-cap:address:' || district || ':' || address, 0)]) AS k
    WHERE k IS NOT NULL ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  counts := order_unpaid_counts(exclude, buyer, email, district, address);
  IF buyer IS NOT NULL AND (counts->>'by_account')::int >= max_account THEN
    RAISE EXCEPTION 'unpaid order cap' USING ERRCODE = 'PU002', DETAIL = json_build_object('cap', 'account', 'count', counts->'by_account')::text;
  END IF;
  IF (counts->>'by_email')::int >= max_email THEN
    RAISE EXCEPTION 'unpaid order cap' USING ERRCODE = 'PU002', DETAIL = json_build_object('cap', 'email', 'count', counts->'by_email')::text;
  END IF;
  IF (counts->>'by_address')::int >= max_address THEN
    RAISE EXCEPTION 'unpaid order cap' USING ERRCODE = 'PU002', DETAIL = json_build_object('cap', 'address', 'count', counts->'by_address')::text;
  END IF;
  RETURN true;
END;
$$;
