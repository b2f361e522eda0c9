/**
 * Which errors mean "the database or the disk is unavailable" (issue 26 §7): read from errors the
 * real driver and the real file system raise, not hand-made copies of them.
 */
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isUnavailableError, uniqueViolationConstraint } from './errors';

async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A TCP port nothing listens on: taken from the system, then freed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isUnavailableError', () => {
  it('a PostgreSQL that refuses the connection, also wrapped in a cause', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
    const error = await caught(() => client.connect());
    expect(isUnavailableError(error)).toBe(true);
    expect(isUnavailableError(new Error('Failed query: SELECT 1', { cause: error }))).toBe(true);
  });

  it.runIf(process.platform === 'linux')('a write to a full disk (ENOSPC from /dev/full)', async () => {
    const error = await caught(() => fs.promises.writeFile('/dev/full', 'pesanan'));
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(isUnavailableError(error)).toBe(true);
  });

  it('not a missing file, a bug, or a refusal that is the request’s fault', async () => {
    expect(isUnavailableError(await caught(() => fs.promises.readFile('/nonexistent/pasar')))).toBe(false);
    expect(isUnavailableError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailableError({ code: '23505', constraint: 'users_email_unique' })).toBe(false);
    expect(isUnavailableError(undefined)).toBe(false);
  });

  it.runIf(Boolean(process.env.TEST_POSTGRES_URL))('PostgreSQL resource errors and a session ended by the server (57P01)', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await client.connect();
    client.on('error', () => undefined);
    try {
      for (const sqlstate of ['53100', '53200', '53300', '57P03', '08006']) {
        const error = await caught(() => client.query(`DO $$ BEGIN RAISE EXCEPTION 'uji' USING ERRCODE = '${sqlstate}'; END $$`));
        expect((error as { code: string }).code).toBe(sqlstate);
        expect(isUnavailableError(error)).toBe(true);
      }
      const notUnavailable = await caught(() => client.query(`DO $$ BEGIN RAISE EXCEPTION 'uji' USING ERRCODE = '23505'; END $$`));
      expect(uniqueViolationConstraint(notUnavailable)).toBe('');
      expect(isUnavailableError(notUnavailable)).toBe(false);

      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      const ended = caught(() => client.query('SELECT pg_sleep(30)'));
      await new Promise((r) => setTimeout(r, 200));
      await admin.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      await admin.end();
      expect(isUnavailableError(await ended)).toBe(true);
    } finally {
      await client.end().catch(() => undefined);
    }
  });
});
