CREATE OR REPLACE FUNCTION public.order_revenue_hour(order_id integer, created_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN date_trunc('hour', coalesce((SELECT max(p.paid_at) FROM payments p WHERE p.order_id = $1), $2), 'UTC');
END;
$function$
