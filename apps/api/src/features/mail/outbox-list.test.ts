/**
 * The outbox is searched and sorted on the server (issue 31): `q` over recipient and subject, or
 * the order a message is about; `sort`/`dir` on whitelisted columns only; still paged.
 */
import { MAIL_STATUSES, OUTBOX_SORTS, type OutboxItem, type OutboxList, type OutboxSort } from '@pasar/core/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { setCreatedDaysFromNow, sortCases, sortedBy } from '../../test/sorting';
import { dataOf } from '../../test/answers';

let t: TestApp;
let admin: AuthHeaders;
let orderId: number;

// Letters only and of one length, so every collation orders them as JavaScript does.
const recipients = ['Dmel@kotakuji.id', 'amel@kotakuji.id', 'Emel@kotakuji.id', 'bmel@kotakuji.id', 'Cmel@kotakuji.id'];
const subjects = ['Qsub', 'psub', 'Ssub', 'rsub', 'Tsub'];
const statuses = ['kept', 'pending', 'kept', 'pending', 'kept'] as const;

beforeAll(async () => {
  ({ t, admin } = await appWithDemoSessions());
  const [order] = await t.db.insert(orders).values({ total_amount: 10000, status: 'pending' }).returning({ id: orders.id });
  orderId = order!.id;
  for (const [i, to_address] of recipients.entries()) {
    const [row] = await t.db
      .insert(mailOutbox)
      .values({ kind: 'order_created', order_id: i === 2 ? orderId : null, to_address, subject: subjects[i]!, text_body: 'isi', html_body: '<p>isi</p>', status: statuses[i]! })
      .returning({ id: mailOutbox.id });
    await setCreatedDaysFromNow(t.db, 'mail_outbox', row!.id, (i * 2) % 5);
  }
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string) {
  return dataOf<OutboxList>(await t.app.inject({ method: 'GET', url: `/api/v1/outbox?${query}`, headers: admin }));
}

const key: Record<OutboxSort, (m: OutboxItem) => string | number> = {
  created_at: (m) => Date.parse(m.created_at),
  to_address: (m) => m.to_address.toLowerCase(),
  subject: (m) => m.subject.toLowerCase(),
  status: (m) => MAIL_STATUSES.indexOf(m.status),
};

describe('GET /outbox search and sort', () => {
  it('finds messages by recipient or subject in any letter case, and by the order they are about', async () => {
    const found = await list('q=KOTAKUJI');
    expect(found.total).toBe(recipients.length);
    expect(found.items.map((m) => m.to_address).sort()).toEqual([...recipients].sort());
    expect((await list('q=ssub')).items.map((m) => m.to_address)).toEqual(['Emel@kotakuji.id']);
    const byOrder = await list(`q=${encodeURIComponent(`#${orderId}`)}`);
    expect(byOrder.items.some((m) => m.to_address === 'Emel@kotakuji.id')).toBe(true);
    expect(byOrder.items.every((m) => m.order_id === orderId)).toBe(true);
    const bare = await list(`q=${orderId}`);
    expect(bare.items.some((m) => m.to_address === 'Emel@kotakuji.id')).toBe(true);
  });

  it('counts only the matching messages for the pages', async () => {
    const page = await list('q=kotakuji&page_size=20&page=1');
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(5);
  });

  it('is newest first by default, as before', async () => {
    expect((await list('q=kotakuji')).items.map((m) => m.subject)).toEqual(['Ssub', 'Tsub', 'psub', 'rsub', 'Qsub']);
  });

  it.each(sortCases(OUTBOX_SORTS))('sorts by %s %s', async (sort, dir) => {
    const items = (await list(`q=kotakuji&sort=${sort}&dir=${dir}`)).items;
    const want = sortedBy(items, key[sort], dir);
    expect(items).toHaveLength(recipients.length);
    expect(items.map((m) => m.id)).toEqual(want.map((m) => m.id));
  });

  it('sorts only on its own columns: anything else is newest first, never a server error', async () => {
    const byDefault = (await list('q=kotakuji')).items.map((m) => m.id);
    expect((await list('q=kotakuji&sort=html_body&dir=zz')).items.map((m) => m.id)).toEqual(byDefault);
  });

  it('refuses a too long search with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/outbox?q=${'a'.repeat(201)}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Pencarian maksimal 200 karakter.' });
  });
});
