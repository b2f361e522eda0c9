/** The restore hold (issue 27 §3): stored in the database, read back, released. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from './test/app';
import { holdJobs, jobsHold, releaseJobsHold } from './jobs-hold';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`the jobs hold (${testEngine})`, () => {
  it('is absent at first, set with its reason, replaced by a newer hold and released', async () => {
    expect(await jobsHold(t.db)).toBeNull();
    await holdJobs(t.db, 'dipulihkan dari cadangan A');
    const first = await jobsHold(t.db);
    expect(first?.reason).toBe('dipulihkan dari cadangan A');
    expect(Number.isNaN(Date.parse(first?.since ?? ''))).toBe(false);
    await holdJobs(t.db, 'dipulihkan dari cadangan B');
    expect((await jobsHold(t.db))?.reason).toBe('dipulihkan dari cadangan B');
    await releaseJobsHold(t.db);
    expect(await jobsHold(t.db)).toBeNull();
    await releaseJobsHold(t.db);
    expect(await jobsHold(t.db)).toBeNull();
  });
});
