/**
 * The embedded PostgreSQL (docs/decisions/035-embedded-database-memory.md): the folder rule for the
 * `postgres` user, and a real server from the platform package: initdb once, data kept across a
 * restart, pg_trgm available, a server left by a killed shop taken over, a copied cluster's files taken
 * over, and, started by root, the messages for a missing user and an unreachable DATA_DIR.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDataDir } from '../test/shop-process';
import { blockedAncestor, embeddedPostgresAvailable, startEmbeddedPostgres } from './embedded-postgres';

describe('blockedAncestor', () => {
  const user = { uid: 101, gid: 104 };
  const tree: Record<string, { mode: number; uid: number; gid: number }> = {
    '/': { mode: 0o755, uid: 0, gid: 0 },
    '/root': { mode: 0o700, uid: 0, gid: 0 },
    '/root/data': { mode: 0o755, uid: 0, gid: 0 },
    '/srv': { mode: 0o750, uid: 0, gid: 104 },
    '/srv/shop': { mode: 0o700, uid: 101, gid: 0 },
    '/opt': { mode: 0o750, uid: 0, gid: 0 },
  };
  const stat = (p: string) => tree[p] as { mode: number; uid: number; gid: number };

  it('names the first folder the user cannot enter, by owner, group or others', () => {
    expect(blockedAncestor('/root/data/postgres', user, stat)).toBe('/root');
    expect(blockedAncestor('/opt/postgres', user, stat)).toBe('/opt');
    expect(blockedAncestor('/srv/shop/postgres', user, stat)).toBeUndefined();
  });
});

const installed = await embeddedPostgresAvailable();

describe.runIf(installed)('a real embedded server (skipped where its platform package is not installed)', () => {
  const dataDir = postgresDataDir('pasar-embedded-');
  afterAll(() => {
    // A failed test may leave a server running: it is named in its folder's postmaster.pid.
    try {
      process.kill(Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]), 'SIGQUIT');
    } catch {
      /* none left */
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };

  it('initialises once, keeps its data across a restart and has pg_trgm', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      await query(first.url, 'CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$ada$$)');
      expect(await query(first.url, "SELECT similarity('kripik', 'keripik') > 0.3 AS close")).toEqual([{ close: true }]);
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query(again.url, 'SELECT v FROM kept')).toEqual([{ v: 'ada' }]);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it.runIf(process.getuid?.() === 0)('started by root: says what to do when the postgres user is missing and cannot be added', async () => {
    const passwd = path.join(dataDir, 'passwd-without-postgres');
    fs.writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\n');
    try {
      await expect(startEmbeddedPostgres({ dataDir, passwdFile: passwd, useradd: 'false' })).rejects.toThrow(
        'Server dijalankan sebagai root, dan PostgreSQL tidak boleh berjalan sebagai root: pengguna sistem "postgres" tidak ada dan tidak dapat dibuat. Buat pengguna itu (useradd --system postgres), atau jalankan server sebagai pengguna biasa.',
      );
    } finally {
      fs.rmSync(passwd);
    }
  });

  it.runIf(process.getuid?.() === 0)('started by root without a postgres user: adds it with useradd and says so', async () => {
    const real = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
    const passwd = path.join(dataDir, 'passwd-to-grow');
    const useradd = path.join(dataDir, 'fake-useradd');
    fs.writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\n');
    // Stands in for useradd: "adds" the machine's own postgres user to the list the server reads.
    fs.writeFileSync(useradd, `#!/bin/sh\necho '${real ?? ''}' >> ${passwd}\n`, { mode: 0o755 });
    const lines: string[] = [];
    try {
      const server = await startEmbeddedPostgres({ dataDir, passwdFile: passwd, useradd, onLog: (l) => lines.push(l) });
      await server.stop();
      expect(lines).toContain('Pengguna sistem "postgres" dibuat (useradd --system) untuk menjalankan PostgreSQL tertanam: PostgreSQL tidak boleh berjalan sebagai root.');
    } finally {
      fs.rmSync(passwd);
      fs.rmSync(useradd);
    }
  }, 60_000);

  it.runIf(process.getuid?.() === 0)('started by root: names the folder the postgres user cannot enter', async () => {
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-closed-'));
    try {
      await expect(startEmbeddedPostgres({ dataDir: path.join(closed, 'data') })).rejects.toThrow(
        `Pengguna "postgres" tidak dapat membuka folder ${closed}: pilih DATA_DIR di luar folder itu (mis. /var/lib/pasar-umkm).`,
      );
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  });

  it('starts on a copy of a stopped cluster made by another user (a restored backup, the e2e template)', async () => {
    const copy = postgresDataDir('pasar-embedded-copy-');
    try {
      fs.cpSync(path.join(dataDir, 'postgres'), path.join(copy, 'postgres'), { recursive: true });
      const server = await startEmbeddedPostgres({ dataDir: copy });
      try {
        expect(await query(server.url, 'SELECT v FROM kept')).toEqual([{ v: 'ada' }]);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);

  it('takes over from a server whose shop was killed', async () => {
    const module = path.join(import.meta.dirname, 'embedded-postgres.ts');
    const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)}); const s = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} }); console.log('pid ' + s.pid);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const orphanPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /pid (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`helper exited ${code}: ${out}`)));
    });
    child.kill('SIGKILL');
    const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
    expect(alive(orphanPid)).toBe(true);

    const next = await startEmbeddedPostgres({ dataDir });
    try {
      expect(alive(orphanPid)).toBe(false);
      expect(await query(next.url, 'SELECT v FROM kept')).toEqual([{ v: 'ada' }]);
    } finally {
      await next.stop();
    }
  }, 60_000);
});
