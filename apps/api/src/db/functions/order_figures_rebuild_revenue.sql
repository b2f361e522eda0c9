CREATE OR REPLACE FUNCTION public.order_figures_rebuild_revenue()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures WHERE kind = 2;
  INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
    SELECT 2, x.hour, '', '', 0, sum(x.n), sum(x.amount) FROM (
      SELECT order_revenue_hour(o.id, o.created_at) AS hour, 1 AS n, o.total_amount::bigint AS amount FROM orders o WHERE o.payment_status = 'paid'
      UNION ALL
      SELECT date_trunc('hour', r.created_at, 'UTC'), 0, -r.amount::bigint FROM refunds r) x
    GROUP BY 2;
END;
$function$
