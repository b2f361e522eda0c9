/**
 * Which process runs the background jobs when several share one PostgreSQL (issue 15: jobs run
 * once across all processes; docs/decisions/034-all-cores.md). Every run already claims its rows
 * (SKIP LOCKED), so two runners would never handle a row twice, but they would each scan every
 * interval: N processes, N times the work. One session-level advisory lock elects the runner, the
 * same way whether the processes are cluster workers on one machine or servers on several:
 * - the holder keeps one connection of its own open; the others try again at each interval;
 * - the lock goes with that connection, so a runner that dies (kill -9 included) or loses the
 *   database frees it, and another process takes over at its next interval.
 * The lock belongs to infrastructure, not to a feature, so this file holds its one SQL statement
 * instead of a repository. Advisory locks are per database: shops on other databases of the same
 * server do not compete.
 */
import pg from 'pg';

/** 0x7061736172006a6f ('pasar', 0, 'jo' in ASCII): a key nothing else in this database takes. Decimal: PostgreSQL reads hex literals only since 16. */
export const JOBS_LOCK_KEY = '8097880467350514287';

export interface JobLeadership {
  /** Whether this process should run the jobs now (takes the lock when it is free). */
  isLeader(): Promise<boolean>;
  close(): Promise<void>;
}

export interface LeadershipLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export function advisoryLeadership(databaseUrl: string, log: LeadershipLog): JobLeadership {
  let client: pg.Client | undefined;
  let leader = false;
  let closed = false;

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    if (leader) log.warn({}, 'koneksi kunci tugas latar terputus; proses lain dapat mengambil alih');
    leader = false;
  };

  return {
    async isLeader() {
      if (closed) return false;
      if (leader && client) return true;
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('error', () => drop(c));
      c.on('end', () => drop(c));
      try {
        client = c;
        await c.connect();
        const { rows } = await c.query<{ held: boolean }>(`SELECT pg_try_advisory_lock(${JOBS_LOCK_KEY}::bigint) AS held`);
        if (rows[0]?.held && !closed && client === c) {
          leader = true;
          log.info({}, 'proses ini menjalankan tugas latar');
          return true;
        }
      } catch (error) {
        // The database is away: no jobs this interval, try again at the next.
        log.warn({ err: error }, 'kunci tugas latar tidak dapat diminta');
      }
      // Not the runner: give the connection back rather than hold one per waiting process.
      drop(c);
      await c.end().catch(() => undefined);
      return false;
    },
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      leader = false;
      // Ending the session releases the lock for the next runner at once.
      await c?.end().catch(() => undefined);
    },
  };
}
