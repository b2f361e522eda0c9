CREATE OR REPLACE FUNCTION public.order_figures_payments_apply(gone payments[], came payments[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  -- Set-wise (joins, not a lookup per payment): a bulk insert of payments stays linear.
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  WITH came AS (SELECT * FROM unnest(came)),
       gone AS (SELECT * FROM unnest(gone)),
       touched AS (SELECT o.id, o.status, o.payment_status, o.created_at, o.total_amount::bigint AS amount FROM orders o
                   WHERE o.id IN (SELECT order_id FROM gone UNION SELECT order_id FROM came)
                     AND o.payment_status IN ('paid', 'unpaid')),
       before AS (SELECT x.order_id, max(x.paid_at) AS paid_at, bool_or(x.status = 'unpaid' AND x.proof_status = 'submitted') AS awaits FROM (
                    SELECT p.order_id, p.paid_at, p.status, p.proof_status FROM payments p JOIN touched t ON t.id = p.order_id
                    WHERE NOT EXISTS (SELECT 1 FROM came c WHERE c.id = p.id)
                    UNION ALL
                    SELECT g.order_id, g.paid_at, g.status, g.proof_status FROM gone g) x
                  GROUP BY 1),
       after AS (SELECT p.order_id, max(p.paid_at) AS paid_at, bool_or(p.status = 'unpaid' AND p.proof_status = 'submitted') AS awaits
                 FROM payments p JOIN touched t ON t.id = p.order_id GROUP BY 1)
  SELECT c.kind, c.hour, c.status, '', pg_backend_pid(), sum(c.n), sum(c.amount)
  FROM touched t
  LEFT JOIN before b ON b.order_id = t.id
  LEFT JOIN after a ON a.order_id = t.id
  CROSS JOIN LATERAL (
    SELECT 2::smallint, date_trunc('hour', coalesce(b.paid_at, t.created_at), 'UTC'), '', -1, -t.amount WHERE t.payment_status = 'paid'
    UNION ALL
    SELECT 2::smallint, date_trunc('hour', coalesce(a.paid_at, t.created_at), 'UTC'), '', 1, t.amount WHERE t.payment_status = 'paid'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, t.status, -1, -t.amount WHERE t.payment_status = 'unpaid' AND coalesce(b.awaits, false)
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, t.status, 1, t.amount WHERE t.payment_status = 'unpaid' AND coalesce(a.awaits, false)
  ) c(kind, hour, status, n, amount)
  GROUP BY 1, 2, 3
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$function$
