import { describe, expect, it } from 'vitest';
import { ReadBatch } from './batch';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A loader that records each call and answers every key but the odd-numbered ones above 100. */
function recordingLoader() {
  const calls: number[][] = [];
  const loadMany = (keys: number[]) => {
    calls.push(keys);
    return Promise.resolve(new Map(keys.filter((k) => k <= 100 || k % 2 === 0).map((k) => [k, `produk ${k}`])));
  };
  return { calls, loadMany };
}

describe('ReadBatch', () => {
  it('answers the keys asked for in one turn of the event loop with one load, each key once', async () => {
    const { calls, loadMany } = recordingLoader();
    const batch = new ReadBatch(loadMany);
    const asked = [batch.load(1), batch.load(2), batch.load(1), batch.load(101)];
    // Nothing is read while the turn may still add keys.
    expect(calls).toEqual([]);
    expect(await Promise.all(asked)).toEqual(['produk 1', 'produk 2', 'produk 1', undefined]);
    expect(calls).toEqual([[1, 2, 101]]);
  });

  it('starts a new load for keys asked for after a load started', async () => {
    const { calls, loadMany } = recordingLoader();
    const batch = new ReadBatch(loadMany);
    const first = batch.load(1);
    await tick();
    const second = batch.load(1);
    expect(await Promise.all([first, second])).toEqual(['produk 1', 'produk 1']);
    expect(calls).toEqual([[1], [1]]);
  });

  it('splits a turn into loads of at most maxKeys keys', async () => {
    const { calls, loadMany } = recordingLoader();
    const batch = new ReadBatch(loadMany, 2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((k) => batch.load(k)));
    expect(answers).toEqual([1, 2, 3, 4, 5].map((k) => `produk ${k}`));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
    expect(batch.loads).toBe(3);
    expect(batch.keys).toBe(5);
  });

  it('gives a failed load to every request waiting on it, and only to those', async () => {
    let fail = true;
    const batch = new ReadBatch<number, string>((keys) => (fail && keys.includes(1) ? Promise.reject(new Error('putus')) : Promise.resolve(new Map(keys.map((k) => [k, `ok ${k}`])))), 1);
    const results = await Promise.allSettled([batch.load(1), batch.load(1), batch.load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    fail = false;
    expect(await batch.load(1)).toBe('ok 1');
  });
});
