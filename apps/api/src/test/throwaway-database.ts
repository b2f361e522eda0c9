/**
 * A PostgreSQL database made for one test file, bench or operations test and dropped after it. Free
 * of vitest, so the benches (bench/) and the operations tests (ops/) use it as the API's tests do.
 */
import net from 'node:net';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export interface ThrowawayDatabaseOptions {
  /** Starts the database as a copy of this one (a migrated and seeded template). */
  template?: string;
  /** The start of the database's name, so a left-over database says who made it. */
  prefix?: string;
}

export async function createThrowawayDatabase(adminUrl: string, options: ThrowawayDatabaseOptions = {}): Promise<ThrowawayDatabase> {
  const { template, prefix = 'pasar_test' } = options;
  // Unique across processes run side by side, and across databases made in the same millisecond.
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Whether a PostgreSQL server listens at `adminUrl`'s host and port (a run without one skips, saying why). */
export function postgresAnswers(adminUrl: string): Promise<boolean> {
  const url = new URL(adminUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432), timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
