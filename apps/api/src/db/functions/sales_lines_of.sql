CREATE OR REPLACE FUNCTION public.sales_lines_of(items order_items[], ords orders[], prods products[], bizs businesses[])
 RETURNS SETOF sales_line
 LANGUAGE sql
 STABLE
AS $function$
  SELECT i.order_id, o.created_at, o.order_type, coalesce(p.business_id, 0),
         CASE WHEN p.business_id IS NULL THEN 0 ELSE coalesce(b.district_id, -1) END,
         p.category_id, i.quantity, i.line_total::bigint
  FROM unnest(items) i
  JOIN unnest(ords) o ON o.id = i.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled'
  CROSS JOIN LATERAL (
    SELECT po.business_id, po.category_id FROM unnest(prods) po WHERE po.id = i.product_id
    UNION ALL
    SELECT pc.business_id, pc.category_id FROM products pc WHERE pc.id = i.product_id AND NOT EXISTS (SELECT 1 FROM unnest(prods) x WHERE x.id = i.product_id)
  ) p
  LEFT JOIN LATERAL (
    SELECT bo.district_id FROM unnest(bizs) bo WHERE bo.id = p.business_id
    UNION ALL
    SELECT bc.district_id FROM businesses bc WHERE bc.id = p.business_id AND NOT EXISTS (SELECT 1 FROM unnest(bizs) y WHERE y.id = p.business_id)
  ) b ON true
$function$
