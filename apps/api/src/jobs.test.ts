/**
 * The jobs ask `shouldRun` before each run (docs/decisions/034-all-cores.md): a process that is not
 * the elected runner does nothing, the runner does the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { startJobs } from './jobs';
import { insertMail } from './features/mail/mail.repository';
import { sendDueMail } from './features/mail/mail.service';
import type { Mailer } from './integrations/mail/mailer';

/** The describe block's own database (the test engine's), opened before its tests and closed after them. */
function databaseOfBlock(): () => Db {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => database!.db;
}

describe('startJobs with shouldRun', () => {
  const db = databaseOfBlock();

  const runOnce = async (shouldRun: () => Promise<boolean>) => {
    const done: string[] = [];
    const asked: boolean[] = [];
    const log = { info: () => undefined, error: () => undefined, debug: (_: object, message: string) => done.push(message) };
    const stop = startJobs({
      db: db(),
      config: loadConfig({ JOB_INTERVAL_MS: '0' }),
      log,
      shouldRun: async () => {
        const answer = await shouldRun();
        asked.push(answer);
        return answer;
      },
    });
    await stop();
    return { asked, done };
  };

  it('runs nothing in a process that is not the runner', async () => {
    expect(await runOnce(() => Promise.resolve(false))).toEqual({ asked: [false], done: [] });
  });

  it('runs the jobs in the runner', async () => {
    expect(await runOnce(() => Promise.resolve(true))).toEqual({ asked: [true], done: ['tugas latar selesai'] });
  });
});

/** Draining (issue 27 §5, docs/decisions/067-lifecycle.md): the jobs stop at a safe point. */
describe('startJobs and sendDueMail with a stop signal', () => {
  const db = databaseOfBlock();

  it('starts no run once stopped', async () => {
    const done: string[] = [];
    const log = { info: () => undefined, error: () => undefined, debug: (_: object, message: string) => done.push(message) };
    const stop = new AbortController();
    stop.abort();
    await startJobs({ db: db(), config: loadConfig({ JOB_INTERVAL_MS: '0' }), log, stop: stop.signal })();
    expect(done).toEqual([]);
  });

  it('finishes the message being sent, then claims no other', async () => {
    await insertMail(
      db(),
      ['a', 'b', 'c'].map((name) => ({ kind: 'test', order_id: null, to_address: `${name}@contoh.id`, subject: 'Uji', text_body: 'Uji', html_body: '<p>Uji</p>', status: 'pending' as const })),
    );
    const stop = new AbortController();
    const sent: string[] = [];
    const mailer: Mailer = {
      send: async (message) => {
        sent.push(message.to);
        // SIGTERM arrives while the first message is on its way.
        stop.abort();
      },
    };
    expect(await sendDueMail(db(), mailer, new Date(Date.now() + 1000), stop.signal)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    // The others wait for the next run, of this server or another.
    expect(await sendDueMail(db(), mailer, new Date(Date.now() + 1000))).toEqual({ sent: 2, failed: 0 });
  });
});
