CREATE OR REPLACE FUNCTION public.order_unpaid_counts(exclude integer, buyer integer, email text, district integer, address text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
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
$function$
