-- Hand-written (issue 30 §3, docs/decisions/080-checkout-write-batches.md, docs/database.md).
-- A checkout's write may now carry several buyers' orders in one statement (the write batch). Each
-- order's order_caps_hold locks its own keys in ascending order, but two batches holding different
-- buyers could then lock in opposite orders and deadlock; so a batch first locks every key of its
-- orders in one ascending pass. The keys are named once, here, for both.
-- PL/pgSQL, so its plan is kept (a SQL function with a subquery is planned on every call, decision 079).
CREATE OR REPLACE FUNCTION order_cap_lock_keys(buyer integer, email text, district integer, address text) RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ARRAY(
    SELECT k FROM unnest(ARRAY[
      hashtextextended('order-cap:account:' || buyer, 0),
      hashtextextended('order-cap:email:' || email, 0),
      hashtextextended('order-cap:address:' || district || ':' || address, 0)]) AS k
    WHERE k IS NOT NULL ORDER BY k);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_caps_hold(
  exclude integer, buyer integer, email text, district integer, address text,
  max_account integer, max_email integer, max_address integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key bigint;
  counts json;
BEGIN
  FOREACH lock_key IN ARRAY order_cap_lock_keys(buyer, email, district, address)
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
