CREATE OR REPLACE FUNCTION public.order_caps_hold(exclude integer, buyer integer, email text, district integer, address text, max_account integer, max_email integer, max_address integer)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
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
$function$
