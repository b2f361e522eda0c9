/**
 * `npm run backup` / `npm run restore` (issue 27 §3, docs/decisions/069-backup-and-restore.md): a backup
 * taken while orders are being placed holds each order whole or not at all, and a restored copy has
 * the same rows, files and sequences, sends none of the mail that was unsent at backup time, and holds
 * its jobs. On PostgreSQL (DATABASE_URL) and on the embedded PostgreSQL of a DATA_DIR.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrationsFolder, openDatabase, queryRows } from '../db/client';
import { embeddedPostgresAvailable } from '../db/embedded-postgres';
import { startShopPostgres } from '../db/embedded-engine';
import { mailOutbox, orders, payments, products } from '../db/schema';
import { storageFor } from '../integrations/storage/shop-storage';
import { jobsHold } from '../jobs-hold';
import { createTestApp, createThrowawayDatabase, demoAccounts, signIn } from '../test/app';
import { makeProduct } from '../test/factories';
import { startLocalS3 } from '../test/s3';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, sendProof } from '../test/orders';
import { backup, BackupError, connectShop, type Manifest } from './backup';
import { applyMigrations } from './backup.repository';
import { checkMigrations, restore, RESTORED_OUTBOX_NOTE } from './restore';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-backup-test-'));
fs.chmodSync(work, 0o755); // started by root, the embedded server runs as `postgres` and must reach it
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 9)]);

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM public."${table}"`)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Every table holds the rows the manifest counted, but for the hold the restore writes last: one
 * settings row, which the assistant's trigger notes as one change (migration 0013).
 */
async function expectRowsAsInManifest(url: string, manifest: Manifest): Promise<void> {
  const after: Record<string, number> = { settings: 1, assistant_changes: 1 };
  for (const table of manifest.tables) {
    expect({ table: table.name, rows: await count(url, table.name) }).toEqual({ table: table.name, rows: table.rows + (after[table.name] ?? 0) });
  }
}

describe('migration check', () => {
  it('refuses an archive taken by code with more migrations, or with a different one', () => {
    const dir = fs.mkdtempSync(path.join(work, 'migrations-'));
    fs.mkdirSync(path.join(dir, 'meta'));
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ entries: [{ idx: 0, when: 1000, tag: '0000_a', breakpoints: true }] }));
    fs.writeFileSync(path.join(dir, '0000_a.sql'), 'SELECT 1;');
    const [mine] = checkMigrationsList(dir);
    expect(checkMigrations({ migrations: [mine!] }, dir)).toEqual({ code: 1 });
    expect(checkMigrations({ migrations: [] }, dir)).toEqual({ code: 1 });
    expect(() => checkMigrations({ migrations: [mine!, { hash: 'x', created_at: 2000 }] }, dir)).toThrow(/versi aplikasi yang lebih baru \(2 migrasi; aplikasi ini mengenal 1\)/);
    expect(() => checkMigrations({ migrations: [{ ...mine!, hash: 'lain' }] }, dir)).toThrow(BackupError);
  });
});

/** The journal entry the migrator records for the folder's one migration: drizzle hashes the file's text. */
function checkMigrationsList(dir: string): Manifest['migrations'] {
  return [{ hash: createHash('sha256').update(fs.readFileSync(path.join(dir, '0000_a.sql'), 'utf8')).digest('hex'), created_at: 1000 }];
}

const adminUrl = process.env.TEST_POSTGRES_URL;

describe.runIf(adminUrl)('backup → restore on PostgreSQL (DATABASE_URL; skipped without TEST_POSTGRES_URL: the tool backs up PostgreSQL, not PGlite)', () => {
  it('keeps each order whole while orders are written, and restores rows, proof, sequences, outbox and the hold', async () => {
    const t = await createTestApp();
    const restoredDir = fs.mkdtempSync(path.join(work, 'restored-'));
    const target = await createThrowawayDatabase(adminUrl!);
    let writing = true;
    try {
      await allowManyUnpaidOrders(t.db);
      const local = await localCourierOption(t.app);
      const product = await makeProduct(t.db, { price: 12000, stock: 100_000 });
      let n = 0;
      const placeOrder = async () => {
        n += 1;
        const body = { ...guestOrderPayload({ productId: product.id, quantity: 1 + (n % 3), local, email: `cadangan${n}@contoh.id` }), shipping_address: `Jl. Cadangan No. ${n}` };
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: body });
        if (res.statusCode !== 201) throw new Error(`order ${n}: ${res.statusCode} ${res.body}`);
        return res.json().data as { id: number; order_url: string };
      };

      // An order with a proof of transfer, and its outbox rows in each state a backup can meet.
      for (let i = 0; i < 3; i++) await placeOrder();
      const proven = await placeOrder();
      const token = proven.order_url.split('/').pop()!;
      const uploaded = await sendProof(t.app, token, png);
      expect(uploaded.statusCode).toBe(200);
      const mail = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(mailOutbox.id);
      expect(mail.length).toBeGreaterThanOrEqual(3);
      const [pendingId, sendingId, keptId] = mail.slice(-3).map((r) => r.id) as [number, number, number];
      await t.db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.id, pendingId));
      await t.db.update(mailOutbox).set({ status: 'sending' }).where(eq(mailOutbox.id, sendingId));
      await t.db.update(mailOutbox).set({ status: 'kept' }).where(eq(mailOutbox.id, keptId));
      const sentBefore = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
      const image = path.join(t.config.uploadsDir, 'products/cadangan-320.webp');
      fs.mkdirSync(path.dirname(image), { recursive: true });
      fs.writeFileSync(image, 'gambar');

      // Orders keep coming while the backup runs: one in the background loop, and one committed
      // between every two tables the export reads, so a torn export cannot go unseen.
      const background = (async () => {
        while (writing) await placeOrder();
      })();
      const config = { DATABASE_URL: t.databaseUrl, EMBEDDED_DATABASE: undefined, dataDir: t.config.dataDir };
      const archive = path.join(work, 'pg.tar.gz');
      const { manifest } = await backup(config, archive, { afterTable: async () => void (await placeOrder()) });
      writing = false;
      await background;

      expect(manifest).toMatchObject({ engine: 'postgres', outbox_unsent: expect.any(Number) });
      const ordersInArchive = manifest.tables.find((x) => x.name === 'orders')!.rows;
      const ordersNow = await count(t.databaseUrl!, 'orders');
      expect(ordersNow).toBeGreaterThan(ordersInArchive + manifest.tables.length - 1);
      expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['files/uploads/products/cadangan-320.webp', expect.stringMatching(/^files\/payment-proofs\//)]));
      expect(manifest.outbox_unsent).toBeGreaterThanOrEqual(2);

      // Refused: a database that is not empty (the original itself).
      await expect(restore({ ...config, dataDir: fs.mkdtempSync(path.join(work, 'x-')) }, archive)).rejects.toThrow(/Database tujuan .* tidak kosong/);

      const result = await restore({ DATABASE_URL: target.url, EMBEDDED_DATABASE: undefined, dataDir: restoredDir }, archive);
      expect(result.outboxFailed).toBe(manifest.outbox_unsent);
      await expectRowsAsInManifest(target.url, manifest);

      const restored = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir, LOG_LEVEL: 'silent' }), database: restored });
      try {
        await app.ready();
        const db = restored.db;
        // One snapshot: every order has its items and its payment, and the stock agrees with what was sold.
        const torn = await queryRows<{ orphans: number; itemless: number; unpaid: number }>(
          db,
          sql`SELECT (SELECT count(*)::int FROM order_items i WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id)) AS orphans,
                     (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)) AS itemless,
                     (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)) AS unpaid`,
        );
        expect(torn).toEqual([{ orphans: 0, itemless: 0, unpaid: 0 }]);
        const sold = await queryRows<{ units: number }>(db, sql`SELECT coalesce(sum(quantity), 0)::int AS units FROM order_items WHERE product_id = ${product.id}`);
        const [stock] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
        expect(stock!.stock + sold[0]!.units).toBe(100_000);

        // The order with the proof: its payment and the proof's bytes, through the admin route.
        const [payment] = await db.select().from(payments).where(eq(payments.order_id, proven.id));
        expect(payment).toMatchObject({ proof_status: 'submitted' });
        const admin = await signIn(app, demoAccounts.admin.username, demoAccounts.admin.password);
        const proof = await app.inject({ method: 'GET', url: `/api/v1/orders/${proven.id}/payment/proof`, headers: admin });
        expect(proof.statusCode).toBe(200);
        expect(proof.rawPayload.equals(png)).toBe(true);
        expect(fs.readFileSync(path.join(restoredDir, 'uploads/products/cadangan-320.webp'), 'utf8')).toBe('gambar');

        // Mail: what was unsent is failed with the note; kept and sent rows are as they were.
        const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, [pendingId, sendingId, keptId]));
        expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.last_error]]))).toEqual({
          [pendingId]: ['failed', RESTORED_OUTBOX_NOTE],
          [sendingId]: ['failed', RESTORED_OUTBOX_NOTE],
          [keptId]: ['kept', null],
        });
        expect(await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).toEqual(sentBefore);
        expect((await db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.status, ['pending', 'sending']))).length).toBe(0);
        expect(await jobsHold(db)).toMatchObject({ reason: expect.stringContaining('pg.tar.gz') });

        // Sequences continue: the next order gets an id past every id in the copy.
        const [maxId] = await queryRows<{ id: number }>(db, sql`SELECT max(id)::int AS id FROM orders`);
        await allowManyUnpaidOrders(db);
        const next = await app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          payload: { ...guestOrderPayload({ productId: product.id, quantity: 1, local, email: 'baru@contoh.id' }), shipping_address: 'Jl. Baru 1' },
        });
        expect(next.statusCode).toBe(201);
        // The sequence was read after the tables, so it also counts orders placed during the backup: a gap, never a reuse.
        const sequence = manifest.sequences.find((x) => x.name === 'orders_id_seq')!;
        expect(Number(sequence.last_value)).toBeGreaterThanOrEqual(maxId!.id);
        expect(next.json().data.id).toBe(Number(sequence.last_value) + 1);
        const [again] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, proven.id));
        expect(again).toEqual({ id: proven.id });
      } finally {
        await app.close();
        await restored.close();
      }

      // Refused: a DATA_DIR that already holds files.
      await expect(restore({ DATABASE_URL: adminUrl!, EMBEDDED_DATABASE: undefined, dataDir: restoredDir }, archive)).rejects.toThrow(/tidak kosong \(uploads, payment-proofs\)/);
    } finally {
      writing = false;
      await t.close();
      await target.drop();
    }
  }, 120_000);
});

describe.runIf(adminUrl)('backup → restore with S3 (skipped without TEST_POSTGRES_URL)', () => {
  it('copies the objects the rows name from S3 (and files still on disk), and restores them into the copy\'s S3', async () => {
    const s3 = await startLocalS3();
    const s3Copy = await startLocalS3();
    const t = await createTestApp({ env: s3.env });
    const target = await createThrowawayDatabase(adminUrl!);
    const copyDir = fs.mkdtempSync(path.join(work, 's3-copy-'));
    try {
      const storage = storageFor(t.config);
      const product = await makeProduct(t.db, { price: 15000, stock: 50 });
      for (const width of [320, 640, 1024]) await storage.put('public', `products/s3cadangan-${width}.webp`, Buffer.from(`webp ${width}`), 'image/webp');
      const cover = storage.publicUrl('products/s3cadangan-1024.webp');
      expect(cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pasar\//);
      await t.db.update(products).set({ image_cover: cover, images: [cover] }).where(eq(products.id, product.id));
      // Stored before S3 was configured and not yet migrated: only on this disk.
      fs.mkdirSync(path.join(t.config.uploadsDir, 'knowledge'), { recursive: true });
      fs.writeFileSync(path.join(t.config.uploadsDir, 'knowledge/lama.txt'), 'lama');

      const local = await localCourierOption(t.app);
      const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: product.id, quantity: 1, local, email: 's3@contoh.id' }) });
      expect(placed.statusCode).toBe(201);
      const order = placed.json().data as { id: number; order_url: string };
      const up = await sendProof(t.app, order.order_url.split('/').pop()!, png);
      expect(up.statusCode).toBe(200);
      expect(fs.existsSync(path.join(t.config.dataDir, 'payment-proofs'))).toBe(false);

      const archive = path.join(work, 's3.tar.gz');
      const { manifest } = await backup({ ...t.config, DATABASE_URL: t.databaseUrl }, archive);
      const names = manifest.files.map((f) => f.path);
      expect(names).toEqual(
        expect.arrayContaining([
          'files/uploads/products/s3cadangan-320.webp',
          'files/uploads/products/s3cadangan-640.webp',
          'files/uploads/products/s3cadangan-1024.webp',
          'files/uploads/knowledge/lama.txt',
          expect.stringMatching(new RegExp(`^files/payment-proofs/${order.id}-`)),
        ]),
      );
      expect(manifest.file_storage).toMatchObject({ s3: true, note: expect.stringMatching(/disalin dari S3/) });

      const copyConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: copyDir, LOG_LEVEL: 'silent', DATABASE_URL: target.url, ...s3Copy.env });
      await restore(copyConfig, archive);
      const copyStorage = storageFor(copyConfig);
      expect((await copyStorage.get('public', 'products/s3cadangan-640.webp'))?.toString()).toBe('webp 640');
      expect((await copyStorage.get('public', 'knowledge/lama.txt'))?.toString()).toBe('lama');
      expect(fs.existsSync(path.join(copyDir, 'uploads'))).toBe(false);
      const restored = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
      const app = await buildApp({ config: copyConfig, database: restored });
      try {
        await app.ready();
        const admin = await signIn(app, demoAccounts.admin.username, demoAccounts.admin.password);
        const proof = await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/payment/proof`, headers: admin });
        expect(proof.statusCode).toBe(200);
        expect(proof.rawPayload.equals(png)).toBe(true);
      } finally {
        await app.close();
        await restored.close();
      }
    } finally {
      await t.close();
      await target.drop();
      await s3.close();
      await s3Copy.close();
    }
  }, 120_000);
});

describe.runIf(adminUrl)('an archive older than the code (skipped without TEST_POSTGRES_URL)', () => {
  it('is loaded at its own migration, then migrated the rest of the way; the journal ends as the code has it', async () => {
    const source = await createThrowawayDatabase(adminUrl!);
    const target = await createThrowawayDatabase(adminUrl!);
    const folder = fs.mkdtempSync(path.join(work, 'older-'));
    try {
      // The code as it was before its latest migration that adds columns: loading that archive into
      // the code's full schema would not fit, so it must be loaded first and migrated after.
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const all = journal.entries.length;
      const lastAddingColumns = journal.entries.findLastIndex((e) => /ADD COLUMN/i.test(fs.readFileSync(path.join(migrationsFolder, `${e.tag}.sql`), 'utf8')));
      expect(lastAddingColumns).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, lastAddingColumns);
      fs.mkdirSync(path.join(folder, 'meta'));
      fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
      for (const e of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      await applyMigrations(client, folder);
      await client.end();

      const archive = path.join(work, 'older.tar.gz');
      const dataDir = fs.mkdtempSync(path.join(work, 'older-data-'));
      const { manifest } = await backup({ DATABASE_URL: source.url, EMBEDDED_DATABASE: undefined, dataDir }, archive);
      expect(manifest.migration_count).toBe(journal.entries.length);
      const result = await restore({ DATABASE_URL: target.url, EMBEDDED_DATABASE: undefined, dataDir: fs.mkdtempSync(path.join(work, 'older-copy-')) }, archive);
      expect(result.migratedAfter).toBe(all - lastAddingColumns);
      expect(await count(target.url, 'settings')).toBeGreaterThan(0);
      const applied = new pg.Client({ connectionString: target.url });
      await applied.connect();
      const rows = (await applied.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows;
      await applied.end();
      expect(Number(rows[0]!.n)).toBe(all);
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 60_000);
});

const embedded = await embeddedPostgresAvailable();

describe.runIf(embedded)('backup → restore of the embedded PostgreSQL (skipped where its platform package is not installed)', () => {
  it('backs up a running shop through its socket, and restores into an empty DATA_DIR that then starts', async () => {
    const shopDir = fs.mkdtempSync(path.join(work, 'shop-'));
    const copyDir = fs.mkdtempSync(path.join(work, 'copy-'));
    for (const d of [shopDir, copyDir]) fs.chmodSync(d, 0o755);
    const config = { DATABASE_URL: undefined, EMBEDDED_DATABASE: undefined, dataDir: shopDir };
    // This process stands for the running shop: it holds DATA_DIR's lock and its server.
    const shop = await startShopPostgres(config);
    let copy: Awaited<ReturnType<typeof startShopPostgres>> | undefined;
    try {
      const database = await openDatabase({ databaseUrl: shop.url, poolSize: 2 });
      const made = await makeProduct(database.db, { name: 'Kopi Cadangan', stock: 7 });
      await database.db.insert(mailOutbox).values({ kind: 'order_created', to_address: 'a@contoh.id', subject: 's', text_body: 't', html_body: 'h', status: 'pending' });
      fs.mkdirSync(path.join(shopDir, 'uploads/products'), { recursive: true });
      fs.writeFileSync(path.join(shopDir, 'uploads/products/kopi-320.webp'), 'kopi');

      const connection = await connectShop(config);
      expect(connection.how).toMatch(/sedang berjalan/);
      await connection.close();
      const archive = path.join(work, 'embedded.tar.gz');
      const { manifest } = await backup(config, archive);
      // The shop kept running: its pool still answers after the backup.
      expect((await database.db.select({ id: products.id }).from(products).where(eq(products.id, made.id))).length).toBe(1);
      await database.close();
      expect(manifest).toMatchObject({ engine: 'embedded-postgres', outbox_unsent: 1, files: [{ path: 'files/uploads/products/kopi-320.webp', size: 4 }] });
      expect(manifest.server_version).toMatch(/^18\./);

      await restore({ DATABASE_URL: undefined, EMBEDDED_DATABASE: undefined, dataDir: copyDir }, archive);
      await expect(restore({ DATABASE_URL: undefined, EMBEDDED_DATABASE: undefined, dataDir: copyDir }, archive)).rejects.toThrow(/tidak kosong \(postgres, uploads\)/);
      copy = await startShopPostgres({ dataDir: copyDir });
      const restored = await openDatabase({ databaseUrl: copy.url, poolSize: 2 });
      try {
        expect(await restored.db.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, made.id))).toEqual([{ name: 'Kopi Cadangan', stock: 7 }]);
        expect(await restored.db.select({ status: mailOutbox.status }).from(mailOutbox)).toEqual([{ status: 'failed' }]);
        expect(await jobsHold(restored.db)).not.toBeNull();
        await expectRowsAsInManifest(copy.url, manifest);
      } finally {
        await restored.close();
      }
      expect(fs.readFileSync(path.join(copyDir, 'uploads/products/kopi-320.webp'), 'utf8')).toBe('kopi');
    } finally {
      await copy?.stop();
      await shop.stop();
    }
  }, 180_000);
});
