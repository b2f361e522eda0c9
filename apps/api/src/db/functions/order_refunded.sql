CREATE OR REPLACE FUNCTION public.order_refunded(order_id integer)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r WHERE r.order_id = $1
$function$
