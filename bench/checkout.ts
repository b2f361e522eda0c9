/**
 * `npm run bench:checkout`: 50 concurrent buyers placing orders for 10 s against PostgreSQL,
 * once spread over many products and once all on one product with limited stock. Prints
 * orders per second, p99 and the oversold units (sold beyond the initial stock; must be 0), beside
 * Fastify's hello world from the same run. Targets (issues 4 and 15 (docs/issues.md)): >= 1,000
 * orders/s spread, >= 500/s on one product; at most 8 database round trips an order
 * (apps/api/src/features/orders/checkout-round-trips.test.ts).
 */
import { sql } from 'drizzle-orm';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/api/src/db/client';
import { products } from '../apps/api/src/db/schema';
import { seedDemo } from '../apps/api/src/db/seed/seed-demo';
import { generateCatalog } from './generate-catalog';
import { createPostgresDatabase, load, postgresAvailable, printTable, root, startProcess, type LoadResult } from './support';

const ONE_PRODUCT_STOCK = 5000;

export async function runCheckoutBench(): Promise<void> {
  if (!(await postgresAvailable())) {
    console.log('PostgreSQL not reachable on 127.0.0.1:5432: checkout bench skipped.');
    return;
  }
  const pgDb = await createPostgresDatabase('pasar_bench_checkout');
  try {
    const database = await openDatabase({ databaseUrl: pgDb.url });
    await seedDemo(database.db, { uploadsDir: path.join(root, '.tmp/bench-uploads'), withImages: false });
    // The generated products have no business, so every cart has one origin: the store.
    const { productIds } = await generateCatalog(database.db, 2000, { stock: 1_000_000, variantsEvery: 1_000_000 });
    // Product 0 is generated with size variants; the bench buys plain products.
    const hot = productIds[1] as number;
    await database.db.update(products).set({ stock: ONE_PRODUCT_STOCK }).where(sql`id = ${hot}`);
    const [local] = await queryRows<{ courier_id: number; price_id: number }>(
      database.db,
      sql`SELECT c.id AS courier_id, p.id AS price_id FROM couriers c JOIN courier_prices p ON p.courier_id = c.id
          WHERE c.is_active AND c.status = 'active' AND p.is_active AND (p.district_id IS NULL OR p.district_id = 327319)
          ORDER BY greatest(p.base_price, p.min_price) LIMIT 1`,
    );
    await database.close();

    // Fastify's hello world in the same run: a busy machine lowers both, so read the ratio.
    const hello = await startProcess(path.join(root, 'bench/hello-server.ts'), {});
    const baseline = await load('fastify hello world (baseline)', hello.baseUrl, { path: () => '/' });
    await hello.stop();
    const server = await startProcess(path.join(root, 'apps/api/src/server.ts'), { DATABASE_URL: pgDb.url, DATA_DIR: path.join(root, '.tmp/bench-data') });
    // Each order is another guest at another address: the shop caps one guest's open unpaid orders
    // (issue 13 §7), and a bench of one repeated guest measured mostly 429 answers.
    let buyer = 0;
    const body = (productId: number) => {
      buyer += 1;
      return JSON.stringify({
        guest_email: `pembeli${buyer}@contoh.id`,
        payment_method: 'manual',
        shipping_name: 'Bench',
        shipping_address: `Jl. Braga ${buyer}`,
        shipping_province_id: 32,
        shipping_city_id: 3273,
        shipping_district_id: 327319,
        shipping_postcode: '40111',
        shipping_phone: '0812',
        order_items: [{ product_id: productId, quantity: 1 }],
        shipping_cost_breakdown: { type: 'local_courier', courier_id: local?.courier_id, price_id: local?.price_id },
      });
    };
    const rows: LoadResult[] = [baseline];
    try {
      const headers = { 'content-type': 'application/json' };
      rows.push(
        await load('orders spread over 2,000 products', server.baseUrl, {
          method: 'POST',
          headers,
          path: () => '/api/v1/orders',
          body: () => body(productIds[2 + Math.floor(Math.random() * (productIds.length - 2))] as number),
        }),
      );
      rows.push(await load(`orders all on one product (stock ${ONE_PRODUCT_STOCK})`, server.baseUrl, { method: 'POST', headers, path: () => '/api/v1/orders', body: () => body(hot) }));
    } finally {
      await server.stop();
    }
    const check = new pg.Client({ connectionString: pgDb.url });
    await check.connect();
    const sold = await check.query<{ sold: number; stock: number }>(
      'SELECT (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = $1) AS sold, (SELECT stock FROM products WHERE id = $1) AS stock',
      [hot],
    );
    await check.end();
    printTable('Checkout on PostgreSQL, 50 connections (201 = order placed; 409 = sold out)', rows);
    const { sold: soldUnits, stock } = sold.rows[0] ?? { sold: 0, stock: 0 };
    for (const r of rows.slice(1)) console.log(`${r.name}: ${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% of hello world`);
    console.log(`one product: sold ${soldUnits} of ${ONE_PRODUCT_STOCK}, stock left ${stock}, oversold ${Math.max(0, soldUnits - ONE_PRODUCT_STOCK)}`);
  } finally {
    await pgDb.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCheckoutBench();
}
