/**
 * `npm run bench assistant` (issue 15): the shopping assistant in retrieval mode (no language
 * model) at a province's size: PostgreSQL with the demo data (its knowledge entries and store
 * facts), 100,000 generated products (generate-catalog.ts) and knowledge entries linked to some of
 * them, asked a mix of shopper questions through POST /api/v1/assistant/chat. Prints req/s, p50,
 * p99 and errors beside the raw `pg` product-by-id server of the catalogue bench, same run.
 * Target: p99 <= 100 ms per question.
 *
 * The chat allows 20 questions a minute per address: the shop runs behind a proxy here
 * (TRUST_PROXY=1) and every question comes from another X-Forwarded-For address, as the checkout
 * bench makes every order another guest's. BENCH_ASSISTANT_PRODUCTS, BENCH_ASSISTANT_CONNECTIONS
 * (default 10, the back office bench's) and BENCH_SECONDS change the run.
 */
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { openDatabase, queryRows } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed/seed-demo';
import { generateCatalog } from './generate-catalog';
import { createPostgresDatabase, load, postgresAvailable, printTable, root, startBenchServer, startProcess, type LoadResult } from './support';

const PRODUCTS = Number(process.env.BENCH_ASSISTANT_PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_ASSISTANT_CONNECTIONS ?? 10);
/** One generated knowledge entry per this many products, linked to its product ("how to store X"). */
const ENTRY_EVERY = 200;
const TARGET_P99_MS = 100;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Products of the generated catalogue, in a shopper's words. */
const productQuestions = ['ada keripik tempe?', 'kopi arabika', 'jual madu hutan asli ga', 'tas anyaman rotan', 'batik tulis mega mendung', 'sambal roa pedas', 'dodol garut durian', 'lulur bengkoang', 'teh melati', 'wayang golek'];
/** ...with the typos shoppers make. */
const typoQuestions = ['kripik singkong pedes', 'kopi arabca ada?', 'dodoll garut', 'anaman rotan', 'sambel cabe rawit', 'madu hutn', 'sabun serhe', 'kerudng paris'];
const cities = ['Medan', 'Surabaya', 'Makassar', 'Jakarta', 'Denpasar', 'Jayapura', 'Padang', 'Pontianak', 'Semarang', 'Bandung', 'Balikpapan', 'Kupang'];
const shippingQuestions = (city: string) => pick([`bisa kirim ke ${city}?`, `ongkir ke ${city} brp kak`, `kirim ke ${city} brp hari`]);
const otherQuestions = ['barang dtg pecah, bisa refund?', 'gmn cara retur', 'paket rusak minta ganti', 'bisa bayar pakai QRIS?', 'no wa admin brp', 'oleh-oleh khas di bawah 50 ribu'];
/** Questions the store cannot answer: recorded for the admin, answered with suggestions or an apology. */
const unknownQuestions = ['bisa servis laptop?', 'jual pulsa xl ga', 'jadwal kereta ke jogja', 'resep rendang padang', 'harga emas hari ini'];

interface Mix {
  storage: string[];
}

/** One question of the mix: products, typos, shipping to a city, returns and other store facts, storage of a named product, nothing. */
function question(mix: Mix): string {
  const r = Math.random();
  if (r < 0.25) return pick(productQuestions);
  if (r < 0.4) return pick(typoQuestions);
  if (r < 0.55) return shippingQuestions(pick(cities));
  if (r < 0.7) return pick(otherQuestions);
  if (r < 0.9) return `Bagaimana cara menyimpan ${pick(mix.storage)}?`;
  return pick(unknownQuestions);
}

const body = (text: string) => JSON.stringify({ messages: [{ role: 'user', content: text }] });

/** A different client address for each question (10.x.y.z: only a header, never a target). */
let client = 0;
const nextAddress = () => {
  client += 1;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

async function ask(baseUrl: string, text: string): Promise<{ ms: number; status: number; answered: boolean | undefined }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/assistant/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: body(text) });
  const json = (await res.json()) as { data?: { answered?: boolean } };
  return { ms: Math.round(performance.now() - started), status: res.status, answered: json.data?.answered };
}

export async function runAssistantBench(): Promise<void> {
  if (!(await postgresAvailable())) {
    console.log('PostgreSQL not reachable on 127.0.0.1:5432: assistant bench skipped.');
    return;
  }
  const pgDb = await createPostgresDatabase('pasar_bench_assistant');
  try {
    const database = await openDatabase({ databaseUrl: pgDb.url });
    await seedDemo(database.db, { uploadsDir: path.join(root, '.tmp/bench-uploads'), withImages: false });
    const started = performance.now();
    const { productIds } = await generateCatalog(database.db, PRODUCTS);
    // Entries sellers write about their own products, each linked to it (issue 16's storage questions).
    await database.db.execute(sql`
      INSERT INTO knowledge_entries (title, description, file, product_id)
      SELECT 'Cara menyimpan ' || p.name,
             'Simpan ' || p.name || ' di wadah tertutup rapat, di tempat kering dan sejuk, jauh dari sinar matahari. Setelah dibuka sebaiknya habis dalam 2 minggu.',
             '', p.id
      FROM products p WHERE p.is_active AND p.id % ${ENTRY_EVERY} = 0`);
    await database.db.execute(sql`ANALYZE knowledge_entries`);
    const storage = (await queryRows<{ name: string }>(database.db, sql`SELECT p.name FROM knowledge_entries k JOIN products p ON p.id = k.product_id`)).map((r) => r.name);
    console.log(`generated ${PRODUCTS.toLocaleString('en')} products and ${storage.length} linked knowledge entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await database.close();
    const mix: Mix = { storage };

    // The catalogue bench's raw baseline: product by id through node's http and `pg`, no project code.
    const rawServer = await startProcess(path.join(root, 'bench/raw-pg-server.ts'), { DATABASE_URL: pgDb.url });
    let raw: LoadResult;
    try {
      await load('warm-up', rawServer.baseUrl, { duration: 2, path: () => `/product/${pick(productIds)}` });
      raw = await load('raw pg, product by id (baseline)', rawServer.baseUrl, { path: () => `/product/${pick(productIds)}`, connections: CONNECTIONS });
    } finally {
      await rawServer.stop();
    }

    // One process, as the back office bench, so the figures compare with its rows.
    const server = await startBenchServer(pgDb.url, { WEB_CONCURRENCY: '1', TRUST_PROXY: '1' });
    const rows: LoadResult[] = [raw];
    const notes: string[] = [];
    try {
      // The first question builds the assistant's index of the whole catalogue.
      const first = await ask(server.baseUrl, 'ada keripik tempe?');
      notes.push(`first question (builds the index): ${first.ms} ms, status ${first.status}`);
      // Each kind of question once, one at a time: its status and whether it was answered.
      const samples = [...productQuestions.slice(0, 3), ...typoQuestions.slice(0, 3), shippingQuestions('Medan'), ...otherQuestions.slice(0, 3), `Bagaimana cara menyimpan ${storage[0]}?`, ...unknownQuestions.slice(0, 2)];
      const asked = [];
      for (const text of samples) asked.push({ text, ...(await ask(server.baseUrl, text)) });
      notes.push(`one at a time: ${asked.map((a) => `"${a.text}" ${a.status} ${a.answered ? 'answered' : 'not answered'} ${a.ms} ms`).join('; ')}`);

      const headers = { 'content-type': 'application/json' };
      const chat = (name: string, text: () => string, connections = CONNECTIONS) =>
        load(name, server.baseUrl, { method: 'POST', path: () => '/api/v1/assistant/chat', headers, headersOf: () => ({ 'x-forwarded-for': nextAddress() }), body: () => body(text()), connections });
      await chat('warm-up', () => question(mix)).then(() => undefined);
      rows.push(await chat('assistant, question mix', () => question(mix)));
      rows.push(await chat('assistant, question mix, 1 connection', () => question(mix), 1));
      rows.push(await chat('assistant, product names and typos', () => pick([...productQuestions, ...typoQuestions])));
      rows.push(await chat('assistant, storage of a named product', () => `Bagaimana cara menyimpan ${pick(storage)}?`));
      rows.push(await chat('assistant, store facts (shipping, returns)', () => (Math.random() < 0.5 ? shippingQuestions(pick(cities)) : pick(otherQuestions))));
      rows.push(await chat('assistant, questions that match nothing', () => pick(unknownQuestions)));
    } finally {
      await server.stop();
    }
    printTable(`Shopping assistant (retrieval) on PostgreSQL, ${PRODUCTS.toLocaleString('en')} products, ${CONNECTIONS} connections, one process (target p99 <= ${TARGET_P99_MS} ms)`, rows);
    console.log('p50 ms:', rows.map((r) => `${r.name} ${r.p50}`).join('; '));
    for (const r of rows.slice(1)) {
      console.log(`${r.name}: ${((r.requestsPerSecond / raw.requestsPerSecond) * 100).toFixed(2)}% of raw pg, p50 ${r.p50} ms, p99 ${r.p99} ms ${r.p99 <= TARGET_P99_MS ? '(target met)' : '(ABOVE TARGET)'}`);
    }
    for (const n of notes) console.log(n);
  } finally {
    await pgDb.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runAssistantBench();
}
