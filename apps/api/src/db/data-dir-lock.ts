/**
 * The one-process lock on DATA_DIR (docs/decisions/024-data-dir-lock.md).
 *
 * PGlite does not lock its directory, and a second process on the same files silently loses
 * writes (docs/decisions/024-data-dir-lock.md). A pid file cannot tell a dead holder from a reused pid (issue 14: a
 * leftover `.lock` naming a pid that now belongs to another process blocked every start), so
 * the lock is a listening socket, which the kernel removes with its process, even after kill -9:
 * - Linux: a name in the abstract namespace, derived from the real path of DATA_DIR. Binding is
 *   atomic and nothing is left on disk. Its limit: the name is per network namespace, so two
 *   containers with their own networks sharing one volume do not see each other.
 * - Windows: a named pipe, which also vanishes with its process.
 * - elsewhere (macOS, BSD): a socket file `DATA_DIR/.lock.sock`. It outlives a killed process,
 *   but only a live holder answers a connect; a file nobody answers is stale and is replaced.
 * The holder answers every connection with its pid, for the message. `DATA_DIR/.lock` still
 * holds the pid for a person to read; it is never read to decide anything.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export type DataDirLockStrategy = 'abstract' | 'pipe' | 'socket-file';

export interface LockDataDirOptions {
  /** Defaults to the platform's own; tests force 'socket-file' to run the macOS path on Linux. */
  strategy?: DataDirLockStrategy;
}

const banner = 'pasar-umkm-lock';
/** How long to keep retrying while a holder is going away or a stale socket is being replaced. */
const acquireTimeoutMs = 10_000;
/** A takeover mutex older than this was left by a process that died within its few milliseconds. */
const staleTakeoverMs = 5_000;

export function defaultLockStrategy(platform: NodeJS.Platform = process.platform): DataDirLockStrategy {
  if (platform === 'linux' || platform === 'android') return 'abstract';
  if (platform === 'win32') return 'pipe';
  return 'socket-file';
}

/**
 * Takes the lock on `dataDir` or throws `DataDirLockedError` while another process (or another
 * open database in this process) holds it. Returns the release function; the lock is released
 * by itself when the process ends, however it ends, and never keeps the event loop alive.
 */
export async function lockDataDir(dataDir: string, options: LockDataDirOptions = {}): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const realDir = fs.realpathSync.native(dataDir);
  const strategy = options.strategy ?? defaultLockStrategy();
  const address = lockAddress(strategy, realDir);
  const server = await acquire(address, strategy, dataDir);

  const notePath = path.join(dataDir, '.lock');
  const note = `${process.pid}\n`;
  try {
    fs.writeFileSync(notePath, note);
  } catch {
    /* the note is for people; the socket is the lock */
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      // Still holding the socket, so no other server of this DATA_DIR has written it since.
      if (fs.readFileSync(notePath, 'utf8') === note) fs.unlinkSync(notePath);
    } catch {
      /* already gone */
    }
    server.close(); // a socket file is unlinked by libuv as it closes
  };
  process.once('exit', release);
  return release;
}

export function lockAddress(strategy: DataDirLockStrategy, realDir: string): string {
  const key = process.platform === 'win32' ? realDir.toLowerCase() : realDir;
  const hash = crypto.createHash('sha256').update(key).digest('hex');
  if (strategy === 'abstract') return `\0pasar-umkm-${hash}`;
  if (strategy === 'pipe') return `\\\\.\\pipe\\pasar-umkm-${hash}`;
  // A socket path is limited to 104 bytes on macOS (108 on Linux); a deep DATA_DIR uses the temp folder.
  const beside = path.join(realDir, '.lock.sock');
  return Buffer.byteLength(beside) <= 100 ? beside : path.join(os.tmpdir(), `pasar-umkm-${hash.slice(0, 32)}.sock`);
}

async function acquire(address: string, strategy: DataDirLockStrategy, dataDir: string): Promise<net.Server> {
  const deadline = Date.now() + acquireTimeoutMs;
  do {
    try {
      return await listen(address);
    } catch (error) {
      if (errorCode(error) !== 'EADDRINUSE') throw error;
    }
    const holder = await probe(address);
    if (holder.alive) throw lockedError(dataDir, holder.pid);
    // Nobody answers: an abstract name or pipe is being closed right now (try again), or a socket
    // file was left by a process that died (replace it).
    if (strategy === 'socket-file' && holder.stale) await removeStaleSocket(address);
    else await delay(20);
  } while (Date.now() < deadline);
  throw new DataDirLockedError(`Tidak dapat mengunci folder data ${dataDir}. Coba jalankan lagi.`);
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => socket.destroy());
      socket.unref();
      socket.end(`${banner} ${process.pid}\n`);
    });
    server.once('error', reject);
    server.listen(address, () => {
      server.removeListener('error', reject);
      // An accept error must not crash the API; the lock holds while the socket listens.
      server.on('error', () => undefined);
      server.unref();
      resolve(server);
    });
  });
}

interface Holder {
  alive: boolean;
  /** Nothing listens on the address (ECONNREFUSED), or it vanished (ENOENT). */
  stale: boolean;
  pid?: number | undefined;
}

/** Connects to the lock's address: only a live holder accepts, and it says its pid. */
function probe(address: string): Promise<Holder> {
  return new Promise((resolve) => {
    let text = '';
    let accepted = false;
    let done = false;
    const socket = net.connect(address);
    const finish = (holder: Holder) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    const answered = () => {
      const match = new RegExp(`^${banner} (\\d+)\\n`).exec(text);
      finish({ alive: true, stale: false, pid: match ? Number(match[1]) : undefined });
    };
    // Accepted but silent is still a live process holding the address.
    const timer = setTimeout(() => (accepted ? answered() : finish({ alive: true, stale: false })), 1000);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      accepted = true;
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n') || text.length > 200) answered();
    });
    socket.on('close', () => {
      if (accepted) answered();
    });
    socket.on('error', (error) => {
      if (accepted) return answered();
      const code = errorCode(error);
      if (code === 'ECONNREFUSED' || code === 'ENOENT') finish({ alive: false, stale: true });
      // Any other refusal (permissions, say): we cannot prove the holder gone, so it counts as held.
      else finish({ alive: true, stale: false });
    });
  });
}

/**
 * Replaces a socket file nobody answers. Unlinking is the one step that could remove a live
 * holder's fresh socket (another start replaced the stale one between our probe and our unlink),
 * so it happens under a small mutex, after probing again.
 */
async function removeStaleSocket(socketPath: string): Promise<void> {
  const mutex = `${socketPath}.takeover`;
  let fd: number;
  try {
    fd = fs.openSync(mutex, 'wx');
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    try {
      if (Date.now() - fs.statSync(mutex).mtimeMs > staleTakeoverMs) fs.rmSync(mutex, { force: true });
    } catch {
      /* gone meanwhile */
    }
    await delay(50);
    return;
  }
  try {
    fs.closeSync(fd);
    if ((await probe(socketPath)).stale) fs.rmSync(socketPath, { force: true });
  } finally {
    fs.rmSync(mutex, { force: true });
  }
}

function lockedError(dataDir: string, pid: number | undefined): DataDirLockedError {
  return new DataDirLockedError(
    `Folder data ${dataDir} sedang dipakai oleh proses lain${pid ? ` (pid ${pid})` : ''}. ` +
      'Hentikan proses itu dulu, atau jalankan dengan DATA_DIR lain. Database tertanam tidak boleh dibuka dua proses sekaligus.',
  );
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
