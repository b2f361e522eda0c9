/**
 * The raw baseline of the catalogue bench (issue 15): the same product by id as
 * GET /api/v1/catalog/products/:id (its row, category, business and variants in one query),
 * answered by node's http server and the `pg` driver with no project code, so the bench can say
 * how much of the time is ours. DATABASE_URL names the database the bench generated.
 */
import { pool, serveRaw } from './raw-server';

const byId = `
  SELECT p.id, p.name, p.description, p.price, p.reseller_price, p.discount::float8 AS discount, p.stock, p.is_active,
    p.category_id, c.name AS category_name, p.business_id, b.name AS business_name, b.district_id, b.district_name, b.city_id,
    p.size, p.notes, p.image_cover, p.images, p.option_groups, p.weight_grams, p.created_at, p.updated_at, p.version,
    COALESCE((SELECT json_agg(json_build_object('label', v.label, 'price', v.price, 'reseller_price', v.reseller_price, 'stock', v.stock) ORDER BY v.position, v.id)
              FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS size_variants
  FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN businesses b ON b.id = p.business_id
  WHERE p.id = $1 AND p.is_active AND c.is_active`;

serveRaw((req, res) => {
  const id = Number(/^\/product\/(\d+)$/.exec(req.url ?? '')?.[1]);
  if (!Number.isSafeInteger(id)) {
    res.writeHead(404).end();
    return;
  }
  pool.query({ name: 'by_id', text: byId, values: [id] }).then(
    ({ rows }) => {
      const body = rows[0] ? JSON.stringify({ success: true, data: rows[0] }) : '{"success":false}';
      res.writeHead(rows[0] ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    },
    () => res.writeHead(500).end(),
  );
});
