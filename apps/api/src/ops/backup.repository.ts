/**
 * The SQL of `npm run backup` and `npm run restore` (docs/decisions/069-backup-and-restore.md): a
 * logical export of the public schema inside one snapshot, and its load into an empty database
 * migrated to the same point. Plain `pg` clients, not drizzle: a snapshot and a load are each one
 * session (one connection), which a pool cannot promise.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export class BackupError extends Error {}

/** What one snapshot held; the manifest records it (backup.ts). */
export interface SnapshotExport {
  serverVersion: string;
  serverVersionNum: number;
  /** pg_current_snapshot() of the export's transaction: every table below was read at this point. */
  snapshot: string;
  /** drizzle's journal in the database, oldest first: which migrations the data is shaped by. */
  migrations: { hash: string; created_at: number }[];
  tables: { name: string; columns: string[]; rows: number; file: string }[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
  /** Messages not yet sent when the snapshot was taken: a restore must not send them again. */
  outboxUnsent: number;
}

export interface ExportOptions {
  /** Tests: called after each table is written, still inside the snapshot, to prove writes meanwhile are not seen. */
  afterTable?: (name: string) => Promise<void>;
}

const FETCH_ROWS = 2000;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Base tables of the public schema with their columns (generated ones left out: the database makes them). */
async function publicTables(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     GROUP BY c.relname
     ORDER BY c.relname`);
  return rows;
}

/**
 * Writes every public table as JSON lines (`row_to_json`, which PostgreSQL reads back exactly with
 * `json_populate_recordset`) into `dir`, and the journal and sequence values, all inside ONE
 * `REPEATABLE READ READ ONLY` transaction: PostgreSQL's documented way to read many tables as of one
 * moment (the same snapshot pg_dump uses), taken without stopping writers and without blocking them.
 * An order committed while the export runs is either wholly in it (order, items, payment, stock) or
 * wholly absent.
 */
export async function exportSnapshot(client: pg.Client, dir: string, options: ExportOptions = {}): Promise<SnapshotExport> {
  fs.mkdirSync(dir, { recursive: true });
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // A role's timeouts meant for the shop's requests would cut a long export short.
    await client.query("SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0");
    // The first query fixes the snapshot (SET takes none); everything after reads as of it.
    const [info] = (
      await client.query<{ version: string; num: string; snapshot: string }>(
        "SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num, pg_current_snapshot()::text AS snapshot",
      )
    ).rows;
    const journal = await client.query<{ present: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
    if (!journal.rows[0]?.present) throw new BackupError('Database ini belum pernah dimigrasi (tabel drizzle.__drizzle_migrations tidak ada): tidak ada yang dicadangkan.');
    const migrations = (await client.query<{ hash: string; created_at: string }>('SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at, id')).rows.map(
      (m) => ({ hash: m.hash, created_at: Number(m.created_at) }),
    );
    const tables: SnapshotExport['tables'] = [];
    for (const table of await publicTables(client)) {
      const file = `${table.name}.jsonl`;
      const out = fs.openSync(path.join(dir, file), 'w', 0o600);
      let rows = 0;
      try {
        const columns = table.columns.map(quoteIdent).join(', ');
        await client.query(`DECLARE pasar_backup NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS line FROM (SELECT ${columns} FROM ONLY public.${quoteIdent(table.name)}) r`);
        for (;;) {
          const batch = await client.query<{ line: string }>(`FETCH ${FETCH_ROWS} FROM pasar_backup`);
          if (batch.rows.length === 0) break;
          fs.writeSync(out, batch.rows.map((r) => r.line).join('\n') + '\n');
          rows += batch.rows.length;
        }
        await client.query('CLOSE pasar_backup');
      } finally {
        fs.closeSync(out);
      }
      tables.push({ name: table.name, columns: table.columns, rows, file });
      await options.afterTable?.(table.name);
    }
    // Sequences are not transactional: read after the tables, each is at least as far as any id above.
    const sequences: SnapshotExport['sequences'] = [];
    const names = await client.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename");
    for (const { name } of names.rows) {
      const [value] = (await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${quoteIdent(name)}`)).rows;
      if (value) sequences.push({ name, ...value });
    }
    const hasOutbox = tables.some((t) => t.name === 'mail_outbox');
    const outboxUnsent = hasOutbox ? Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE status IN ('pending', 'sending')")).rows[0]?.n ?? 0) : 0;
    await client.query('COMMIT');
    return { serverVersion: info!.version, serverVersionNum: Number(info!.num), snapshot: info!.snapshot, migrations, tables, sequences, outboxUnsent };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The migrations of a folder as drizzle records them once applied (journal time and sha256 of the SQL). */
export function folderMigrations(migrationsFolder: string): { hash: string; created_at: number }[] {
  return readMigrationFiles({ migrationsFolder }).map((m) => ({ hash: m.hash, created_at: m.folderMillis }));
}

/** Applies a folder's migrations on this one session, as the shop's start does. */
export async function applyMigrations(client: pg.Client, migrationsFolder: string): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder });
}

/** Whether a database holds anything of a shop (any public table, or a migration journal). */
export async function databaseContents(client: pg.Client): Promise<{ tables: number; migrated: boolean }> {
  const [row] = (
    await client.query<{ tables: number; migrated: boolean }>(
      "SELECT (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables, to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated",
    )
  ).rows;
  return row ?? { tables: 0, migrated: false };
}

/** Tables in an order where every table comes after those it references (self-references aside). */
async function foreignKeyOrder(client: pg.Client, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    SELECT ch.relname AS child, pa.relname AS parent
      FROM pg_constraint k
      JOIN pg_class ch ON ch.oid = k.conrelid
      JOIN pg_class pa ON pa.oid = k.confrelid
     WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const r of rows) parents.get(r.child)?.add(r.parent);
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return; // a cycle: replica mode loads it anyway
    path.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) if (parents.has(parent)) visit(parent, path);
    path.delete(name);
    done.add(name);
    order.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return order;
}

export interface LoadInput {
  dir: string;
  tables: SnapshotExport['tables'];
  sequences: SnapshotExport['sequences'];
  /** last_error of messages that were pending or sending at backup time. */
  outboxNote: string;
}

const INSERT_ROWS = 1000;

/**
 * Loads an export into a database migrated to the export's migration (and holding only what those
 * migrations insert, which is cleared first), in one transaction with triggers off
 * (`session_replication_role = replica`): the figure tables the triggers keep are restored as they
 * were, not recomputed, and rows go in foreign-key order all the same. Sequences are set to the
 * original's values, so a new order gets a new id. Mail that was pending or being sent is marked
 * failed with a note, in the same transaction: no server on the copy can send it again by itself.
 */
export async function loadSnapshot(client: pg.Client, input: LoadInput): Promise<{ rows: Record<string, number>; outboxFailed: number }> {
  await client.query('BEGIN');
  try {
    try {
      await client.query('SET LOCAL session_replication_role = replica');
    } catch (error) {
      throw new BackupError(
        `Pengguna database tidak boleh mematikan trigger untuk memuat cadangan (${error instanceof Error ? error.message : String(error)}). ` +
          'Pulihkan sebagai superuser, atau beri izinnya dulu: GRANT SET ON PARAMETER session_replication_role TO <pengguna> (PostgreSQL 15 ke atas).',
      );
    }
    const present = await publicTables(client);
    const byName = new Map(present.map((t) => [t.name, t]));
    const missing = input.tables.filter((t) => !byName.has(t.name)).map((t) => t.name);
    const extra = present.filter((t) => !input.tables.some((x) => x.name === t.name)).map((t) => t.name);
    if (missing.length || extra.length) {
      throw new BackupError(`Susunan tabel database tujuan tidak sama dengan cadangan (tidak ada: ${missing.join(', ') || '-'}; lebih: ${extra.join(', ') || '-'}).`);
    }
    for (const t of input.tables) {
      const there = byName.get(t.name)!.columns;
      if (there.join(',') !== t.columns.join(',')) throw new BackupError(`Kolom tabel ${t.name} di database tujuan tidak sama dengan cadangan.`);
    }
    // What the migrations themselves inserted (roles, settings, figure rows) is replaced by the copy's.
    if (present.length) await client.query(`TRUNCATE ${present.map((t) => `public.${quoteIdent(t.name)}`).join(', ')}`);

    const rows: Record<string, number> = {};
    for (const name of await foreignKeyOrder(client, input.tables.map((t) => t.name))) {
      const table = input.tables.find((t) => t.name === name)!;
      const columns = table.columns.map(quoteIdent).join(', ');
      const insert = `INSERT INTO public.${quoteIdent(name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::public.${quoteIdent(name)}, $1::json)`;
      let batch: string[] = [];
      let loaded = 0;
      const flush = async () => {
        if (!batch.length) return;
        loaded += (await client.query(insert, [`[${batch.join(',')}]`])).rowCount ?? 0;
        batch = [];
      };
      const lines = readline.createInterface({ input: fs.createReadStream(path.join(input.dir, table.file)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= INSERT_ROWS) await flush();
      }
      await flush();
      if (loaded !== table.rows) throw new BackupError(`Tabel ${name}: ${loaded} baris dimuat, cadangan mencatat ${table.rows}.`);
      rows[name] = loaded;
    }
    for (const s of input.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${quoteIdent(s.name)}`, s.last_value, s.is_called]);
    }
    const failed = input.tables.some((t) => t.name === 'mail_outbox')
      ? await client.query("UPDATE mail_outbox SET status = 'failed', last_error = $1 WHERE status IN ('pending', 'sending')", [input.outboxNote])
      : undefined;
    await client.query('COMMIT');
    return { rows, outboxFailed: failed?.rowCount ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
