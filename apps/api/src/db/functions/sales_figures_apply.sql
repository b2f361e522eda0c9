CREATE OR REPLACE FUNCTION public.sales_figures_apply(gone sales_line[], came sales_line[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO sales_figures AS f (grain, period, dimension, key, backend, orders, items, goods)
  WITH l AS (SELECT g.*, -1 AS sign FROM unnest(gone) g UNION ALL SELECT c.*, 1 FROM unnest(came) c),
       per AS (
         SELECT l.order_id, l.sign, date_trunc('hour', l.at, 'UTC') AS hour, d.dim, d.key,
                sum(l.quantity)::bigint AS items, sum(l.goods)::bigint AS goods
         FROM l CROSS JOIN LATERAL (VALUES (0::smallint, 0), (1::smallint, CASE WHEN l.order_type = 'pos' THEN 1 ELSE 0 END),
                                           (2::smallint, l.business_key), (3::smallint, l.district_key), (4::smallint, l.category_id)) d(dim, key)
         GROUP BY 1, 2, 3, 4, 5)
  SELECT g.grain, g.period, per.dim, per.key, pg_backend_pid(), sum(per.sign), sum(per.sign * per.items), sum(per.sign * per.goods)
  FROM per CROSS JOIN LATERAL (VALUES (0::smallint, per.hour), (1::smallint, date_trunc('day', per.hour, 'UTC')), (2::smallint, date_trunc('month', per.hour, 'UTC'))) g(grain, period)
  GROUP BY 1, 2, 3, 4
  HAVING sum(per.sign) <> 0 OR sum(per.sign * per.items) <> 0 OR sum(per.sign * per.goods) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period, dimension, key, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, items = f.items + EXCLUDED.items, goods = f.goods + EXCLUDED.goods;
END;
$function$
