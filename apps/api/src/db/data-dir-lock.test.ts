/**
 * The DATA_DIR lock (docs/decisions/024-data-dir-lock.md, issue 14): a leftover `.lock` naming
 * a reused pid must not block a start; a live second server must; a killed one must not.
 * Both the Linux lock (abstract socket) and the macOS/BSD one (socket file) run here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockAddress, lockDataDir, type DataDirLockStrategy } from './data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../../..');
const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'data-dir-lock.ts')).href;
const children: ChildProcess[] = [];

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Another server process: takes the lock on `dir` and, unless `exitAfter`, waits forever. */
async function startHolder(dir: string, strategy: DataDirLockStrategy, exitAfter = false): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});
    await lockDataDir(${JSON.stringify(dir)}, { strategy: ${JSON.stringify(strategy)} });
    console.log('locked');
    ${exitAfter ? '' : 'setInterval(() => {}, 60_000);'}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`holder did not lock in time:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!output.includes('locked')) reject(new Error(`holder exited with ${code}:\n${output}`));
    });
  });
  return child;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGKILL');
    await exited(child);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const strategies: DataDirLockStrategy[] = process.platform === 'linux' ? ['abstract', 'socket-file'] : ['socket-file'];

describe.skipIf(process.platform === 'win32').each(strategies)('lockDataDir (%s)', (strategy) => {
  it('is not blocked by a leftover .lock naming a live, unrelated process', async () => {
    const unrelated = spawn('sleep', ['30']);
    children.push(unrelated);
    fs.writeFileSync(path.join(dir, '.lock'), String(unrelated.pid));

    const release = await lockDataDir(dir, { strategy });
    // The note for people now names this process, and goes away with the lock.
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('refuses while another server process holds DATA_DIR, then starts at once after it is killed', async () => {
    const holder = await startHolder(dir, strategy);

    const refused = lockDataDir(dir, { strategy });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      `Folder data ${dir} sedang dipakai oleh proses lain (pid ${holder.pid}). Hentikan proses itu dulu, atau jalankan dengan DATA_DIR lain.`,
    );

    holder.kill('SIGKILL');
    await exited(holder);
    if (strategy === 'socket-file') {
      // kill -9 leaves the socket file behind: nobody answers it, so it is replaced.
      expect(fs.existsSync(lockAddress('socket-file', fs.realpathSync(dir)))).toBe(true);
    }
    // The leftover .lock names the dead holder's pid; it decides nothing.
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toBe(String(holder.pid));

    const started = Date.now();
    const release = await lockDataDir(dir, { strategy });
    expect(Date.now() - started).toBeLessThan(1000);
    release();
  });

  it('refuses a second open in the same process, and locks again after release', async () => {
    const release = await lockDataDir(dir, { strategy });
    await expect(lockDataDir(dir, { strategy })).rejects.toThrow(
      `Folder data ${dir} sedang dipakai oleh proses lain (pid ${process.pid}).`,
    );
    // The same folder through another path (a symlink) is the same lock.
    const link = path.join(os.tmpdir(), `pasar-lock-link-${process.pid}-${strategy}`);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(dir, link);
    try {
      await expect(lockDataDir(link, { strategy })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      fs.rmSync(link, { force: true });
    }
    release();
    release(); // twice is harmless
    if (strategy === 'socket-file') expect(fs.existsSync(lockAddress('socket-file', fs.realpathSync(dir)))).toBe(false);
    const again = await lockDataDir(dir, { strategy });
    again();
  });

  it('does not keep the process alive', async () => {
    const holder = await startHolder(dir, strategy, true);
    expect(await exited(holder)).toBe(0);
    // An ordinary exit removes the note as well.
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });
});
