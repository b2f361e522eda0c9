CREATE OR REPLACE FUNCTION public.order_refunded(order_id integer)
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r WHERE r.order_id = $1);
END;
$function$
