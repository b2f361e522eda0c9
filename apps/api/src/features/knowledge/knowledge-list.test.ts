/**
 * The knowledge list is searched and sorted on the server (issue 31): `q` over title,
 * description, file and the related product's name; newest first unless another whitelisted
 * column is asked for.
 */
import { KNOWLEDGE_SORTS, type KnowledgeEntry, type KnowledgeSort } from '@pasar/core/knowledge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { makeProduct } from '../../test/factories';
import { insertKnowledge } from './knowledge.repository';
import { setCreatedDaysFromNow, sortCases, sortedBy } from '../../test/sorting';
import { dataOf } from '../../test/answers';

let t: TestApp;
let admin: AuthHeaders;

// Letters only and of one length, so every collation orders them as JavaScript does.
const titles = ['Dkiw', 'akiw', 'Ekiw', 'bkiw', 'Ckiw'];
const productNames = ['Pxab', 'pxaa', null, 'Pxac', null];

beforeAll(async () => {
  ({ t, admin } = await appWithDemoSessions());
  for (const [i, title] of titles.entries()) {
    const productName = productNames[i];
    const product = productName ? await makeProduct(t.db, { name: productName }) : null;
    const id = await insertKnowledge(t.db, { title, file: i === 2 ? 'panduan-tenun.pdf' : '', description: `Catatan lemariuji ${i}`, product_id: product?.id ?? null }, null);
    await setCreatedDaysFromNow(t.db, 'knowledge_entries', id, -((i * 2) % 5));
  }
  await insertKnowledge(t.db, { title: 'Garis a_b', file: '', description: 'lemariuji garis', product_id: null }, null);
  await insertKnowledge(t.db, { title: 'Garis axb', file: '', description: 'lemariuji bukan', product_id: null }, null);
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string) {
  return dataOf<KnowledgeEntry[]>(await t.app.inject({ method: 'GET', url: `/api/v1/knowledge/?${query}`, headers: admin }));
}

const mine = (items: KnowledgeEntry[]) => items.filter((k) => titles.includes(k.title));

describe('GET /knowledge/ search and sort', () => {
  it('finds entries by title, description, file or product name, in any letter case, with wildcards literal', async () => {
    expect((await list('q=LEMARIUJI')).length).toBe(titles.length + 2);
    expect((await list('q=ekiw')).map((k) => k.title)).toEqual(['Ekiw']);
    expect((await list('q=TENUN')).map((k) => k.title)).toEqual(['Ekiw']);
    expect((await list('q=pxac')).map((k) => k.title)).toEqual(['bkiw']);
    expect((await list('q=a_b')).map((k) => k.title)).toEqual(['Garis a_b']);
  });

  it('is newest first by default (the spec)', async () => {
    const items = mine(await list('q=lemariuji'));
    const times = items.map((k) => Date.parse(k.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  const key: Record<KnowledgeSort, (k: KnowledgeEntry) => string | number | null> = {
    title: (k) => k.title.toLowerCase(),
    product: (k) => k.product?.name.toLowerCase() ?? null,
    created_at: (k) => Date.parse(k.created_at),
  };

  it.each(sortCases(KNOWLEDGE_SORTS))('sorts by %s %s (entries without a product last)', async (sort, dir) => {
    const items = mine(await list(`q=lemariuji&sort=${sort}&dir=${dir}`));
    const want = sortedBy(items, key[sort], dir);
    expect(items).toHaveLength(titles.length);
    expect(items.map((k) => k.title)).toEqual(want.map((k) => k.title));
  });

  it('sorts only on its own columns: anything else is newest first, never a server error', async () => {
    const byDefault = (await list('q=lemariuji')).map((k) => k.id);
    expect((await list('q=lemariuji&sort=file_text&dir=up')).map((k) => k.id)).toEqual(byDefault);
  });

  it('refuses a too long search with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/knowledge/?q=${'a'.repeat(201)}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Pencarian maksimal 200 karakter.' });
  });
});
