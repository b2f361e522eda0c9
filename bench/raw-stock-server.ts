/**
 * The raw baseline of the checkout bench (issue 30 §3): an atomic stock update, the least an order
 * can cost, answered by node's http server and the `pg` driver with no project code. Each POST takes
 * one unit of a random row of `bench_raw_stock` (a table of the bench's database with no triggers)
 * or answers 409 when it has none left, as a sale takes stock without overselling.
 * DATABASE_URL names the bench's database; RAW_STOCK_ROWS how many rows the table holds.
 */
import { pool, serveRaw } from './raw-server';

const rows = Number(process.env.RAW_STOCK_ROWS ?? 2000);
const take = 'UPDATE bench_raw_stock SET stock = stock - 1 WHERE id = $1 AND stock >= 1 RETURNING stock';

serveRaw((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = 1 + Math.floor(Math.random() * rows);
    pool.query({ name: 'take', text: take, values: [id] }).then(
      ({ rows: taken }) => res.writeHead(taken[0] ? 201 : 409, { 'content-type': 'application/json' }).end(taken[0] ? '{"success":true}' : '{"success":false}'),
      () => res.writeHead(500).end(),
    );
  });
});
