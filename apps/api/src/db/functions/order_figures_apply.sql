CREATE OR REPLACE FUNCTION public.order_figures_apply(gone orders[], came orders[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  SELECT c.kind, c.hour, c.status, c.payment_status, pg_backend_pid(), sum(c.n), sum(c.amount)
  FROM (SELECT o.id, o.status, o.payment_status, o.total_amount, o.created_at, -1 AS sign FROM unnest(gone) o
        UNION ALL
        SELECT o.id, o.status, o.payment_status, o.total_amount, o.created_at, 1 FROM unnest(came) o) r
  CROSS JOIN LATERAL (
    SELECT 0::smallint, '-infinity'::timestamptz, r.status, r.payment_status, r.sign, r.sign * r.total_amount::bigint
    UNION ALL
    SELECT 1::smallint, date_trunc('hour', r.created_at, 'UTC'), r.status, '', r.sign, r.sign * r.total_amount::bigint
    UNION ALL
    SELECT 2::smallint, order_revenue_hour(r.id, r.created_at), '', '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'paid'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, r.status, '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'unpaid' AND order_awaits_proof(r.id)
    UNION ALL
    SELECT 4::smallint, '-infinity'::timestamptz, r.status, r.payment_status, 0, r.sign * x.refunded
    FROM (SELECT order_refunded(r.id) AS refunded) x
    WHERE r.payment_status = 'paid' AND x.refunded <> 0
  ) c(kind, hour, status, payment_status, n, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$function$
