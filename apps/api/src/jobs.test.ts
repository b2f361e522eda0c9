/**
 * The jobs ask `shouldRun` before each run (docs/decisions/034-all-cores.md): a process that is not
 * the elected runner does nothing, the runner does the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { startJobs } from './jobs';

describe('startJobs with shouldRun', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
  });
  afterAll(async () => {
    await database.close();
  });

  const runOnce = async (shouldRun: () => Promise<boolean>) => {
    const done: string[] = [];
    const asked: boolean[] = [];
    const log = { info: () => undefined, error: () => undefined, debug: (_: object, message: string) => done.push(message) };
    const stop = startJobs({
      db: database.db,
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
