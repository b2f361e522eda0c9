CREATE OR REPLACE FUNCTION public.refund_figures_apply(rows refunds[], sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(rows), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  SELECT c.kind, c.hour, c.status, c.payment_status, pg_backend_pid(), 0, sum(c.amount)
  FROM unnest(rows) r
  LEFT JOIN orders o ON o.id = r.order_id
  CROSS JOIN LATERAL (
    SELECT 2::smallint, date_trunc('hour', r.created_at, 'UTC'), '', '', -sign * r.amount::bigint
    UNION ALL
    SELECT 4::smallint, '-infinity'::timestamptz, o.status, o.payment_status, sign * r.amount::bigint
    WHERE o.id IS NOT NULL AND o.payment_status = 'paid'
  ) c(kind, hour, status, payment_status, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$function$
