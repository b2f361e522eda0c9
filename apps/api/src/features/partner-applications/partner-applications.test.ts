import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApplicationMessages as m } from '@pasar/core/partner-applications';
import { businesses, mailOutbox, partnerApplications, users } from '../../db/schema';
import { signIn, testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { makeBusiness, makeUser } from '../../test/factories';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;
let ipSeq = 0;
/** Each application from its own address, so the per-address limit only bites where a test wants it. */
const freshIp = () => `10.29.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Headers = admin, ip = '127.0.0.1') =>
  callApi(t.app, method, url, payload, headers, { remoteAddress: ip });

let seq = 0;
/** A valid visitor's application in Kota Bandung (3273), Sumur Bandung (327319), Jawa Barat (32). */
function application(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    business_name: `Keripik Ani ${seq}`,
    owner_name: 'Ani Suryani',
    phone: '0812-3456-7890',
    email: `ani${seq}@contoh.id`,
    address: 'Jl. Cihampelas 12',
    province_id: 32,
    city_id: 3273,
    district_id: 327319,
    nib: '1234567890123',
    pirt: '2063273010123-25',
    bpom: '',
    halal: 'ID32110000123450823',
    sells: 'Keripik singkong pedas',
    bank_name: 'BJB',
    bank_account_number: '0012 3456 789',
    bank_account_name: 'Ani Suryani',
    username: `ani.keripik${seq}`,
    password: 'rahasia123',
    ...overrides,
  };
}

async function apply(overrides: Record<string, unknown> = {}) {
  const body = application(overrides);
  const res = await call('POST', '/partner-applications', body, {}, freshIp());
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { token: string; user: { id: number; username: string; role: { name: string } }; application: { id: number; status: string } };
  return { body, data, auth: { authorization: `Bearer ${data.token}` } };
}

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to)).orderBy(desc(mailOutbox.id));
const adminRow = async (id: number) => (await call('GET', `/partner-applications/${id}`)).json().data as { version: number; status: string; business_id: number | null; rejection_reason: string | null };

describe(`partner applications (${testEngine})`, () => {
  it('a visitor applies: a customer account, signed in, with a pending application whose area names come from the area data; a receipt is mailed', async () => {
    const { body, data, auth } = await apply({ city_name: 'Kota Palsu' });
    expect(data.user).toMatchObject({ username: body.username, email: body.email, first_name: 'Ani', last_name: 'Suryani', phone_number: '6281234567890', role: { name: 'customer' } });
    expect(data.application).toMatchObject({ status: 'pending', business_name: body.business_name, city_name: 'Kota Bandung', district_name: 'Sumur Bandung', rejection_reason: null });
    const stored = await adminRow(data.application.id);
    expect(stored).toMatchObject({ phone: '6281234567890', nib: '1234567890123', bpom: null, bank_account_number: '00123456789', province_name: 'Jawa Barat', username: body.username });
    // The account signs in with what it chose and reads its own application.
    await signIn(t.app, body.username, body.password);
    const mine = await call('GET', '/partner-applications/mine', undefined, auth);
    expect(mine.json().data).toEqual([expect.objectContaining({ id: data.application.id, status: 'pending' })]);
    const [receipt] = await mailsTo(body.email);
    expect(receipt).toMatchObject({ kind: 'partner_application_received', status: 'kept' });
    expect(receipt?.subject).toBe(`Pendaftaran mitra ${body.business_name} diterima – Pasar UMKM Kota Bandung`);
    expect(receipt?.text_body).toContain(`username ${body.username}`);
    expect(receipt?.text_body).toContain('/daftar-mitra');
  });

  it('refuses bad input in Indonesian, naming every field, and writes nothing', async () => {
    const before = (await t.db.select().from(partnerApplications)).length;
    const res = await call('POST', '/partner-applications', { ...application(), business_name: ' ', nib: '12345', phone: 'abc', email: 'bukan-email', province_id: '', bank_account_number: 'x', password: '1' }, {}, freshIp());
    expectFieldErrors(res, {
      business_name: m.businessNameRequired,
      nib: m.nibInvalid,
      phone: m.phoneInvalid,
      email: 'Format email tidak valid.',
      province_id: m.provinceRequired,
      bank_account_number: m.bankAccountNumberInvalid,
      password: 'Minimal 6 karakter.',
    });
    // A district of another city: the area data decides, 400 on the field to correct.
    const wrongArea = await call('POST', '/partner-applications', application({ city_id: 3204 }), {}, freshIp());
    expect(wrongArea.statusCode).toBe(400);
    expect(wrongArea.json().fields).toEqual({ district_id: 'Kecamatan tidak berada di kota/kabupaten yang dipilih.' });
    const wrongProvince = await call('POST', '/partner-applications', application({ province_id: 31 }), {}, freshIp());
    expect(wrongProvince.json().fields).toEqual({ city_id: 'Kota/kabupaten tidak berada di provinsi yang dipilih.' });
    expect((await t.db.select().from(partnerApplications)).length).toBe(before);
  });

  it('a taken username or e-mail answers as registration does (409 with the field), with no account or application made', async () => {
    const { body } = await apply();
    const usersBefore = (await t.db.select().from(users)).length;
    const sameName = await call('POST', '/partner-applications', application({ username: body.username.toUpperCase() }), {}, freshIp());
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'CONFLICT', fields: { username: 'Username sudah digunakan.' } });
    const sameMail = await call('POST', '/partner-applications', application({ email: body.email.toUpperCase() }), {}, freshIp());
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().fields).toEqual({ email: 'Email sudah terdaftar.' });
    expect((await t.db.select().from(users)).length).toBe(usersBefore);
  });

  it('one pending application per account: a customer applies with its own account once, again only after a decision', async () => {
    const shopper = await makeUser(t.db, { role: 'customer' });
    const auth = await signIn(t.app, shopper.username, shopper.password);
    const { username: _u, password: _p, ...business } = application();
    const first = await call('POST', '/partner-applications/mine', business, auth, freshIp());
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', '/partner-applications/mine', { ...business, business_name: 'Usaha Kedua' }, auth, freshIp());
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(m.alreadyPending);
    // Even written around the service's check, the database refuses a second pending row.
    const [row] = await t.db.select().from(partnerApplications).where(eq(partnerApplications.user_id, shopper.id));
    const { id: _id, ...copy } = row!;
    await expect(t.db.insert(partnerApplications).values({ ...copy, created_at: new Date() })).rejects.toThrow();
    const id = first.json().data.id as number;
    expect((await call('POST', `/partner-applications/${id}/reject`, { reason: 'NIB belum aktif', version: 1 })).statusCode).toBe(200);
    expect((await call('POST', '/partner-applications/mine', business, auth, freshIp())).statusCode).toBe(201);
  });

  it('approval with a new business: the account becomes mitra of a business made from the application (certificates unverified) and reaches GET /mitra/me', async () => {
    const { body, data, auth } = await apply();
    expect((await call('GET', '/mitra/me', undefined, auth)).statusCode).toBe(403);
    const res = await call('POST', `/partner-applications/${data.application.id}/approve`, { version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.approved);
    const decided = res.json().data as { status: string; business_id: number; version: number; reviewed_at: string | null };
    expect(decided).toMatchObject({ status: 'approved', version: 2 });
    expect(decided.reviewed_at).not.toBeNull();
    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, decided.business_id));
    expect(business).toMatchObject({
      name: body.business_name,
      owner_name: 'Ani Suryani',
      contact_name: 'Ani Suryani',
      contact_email: body.email,
      contact_phone: '6281234567890',
      address: body.address,
      province_id: 32,
      city_id: 3273,
      city_name: 'Kota Bandung',
      district_id: 327319,
      district_name: 'Sumur Bandung',
      sells: body.sells,
      nib: '1234567890123',
      nib_verified_at: null,
      pirt: body.pirt,
      pirt_verified_at: null,
      halal: body.halal,
      halal_verified_at: null,
      bpom: null,
      bank_name: 'BJB',
      bank_account_number: '00123456789',
      bank_account_name: 'Ani Suryani',
      is_active: true,
    });
    // The same session: the role is read on every request.
    const me = await call('GET', '/mitra/me', undefined, auth);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ user: { username: body.username }, business: { id: decided.business_id, name: body.business_name, certificates: expect.arrayContaining([{ kind: 'nib', number: '1234567890123', verified: false, verified_at: null }]) } });
    const [mail] = await mailsTo(body.email);
    expect(mail).toMatchObject({ kind: 'partner_application_approved', subject: `Selamat, ${body.business_name} resmi menjadi mitra Pasar UMKM Kota Bandung` });
    expect(mail?.text_body).toContain('/mitra');
    // Decided once: a second decision is refused and changes nothing.
    const again = await call('POST', `/partner-applications/${data.application.id}/reject`, { reason: 'x', version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(m.notPending);
  });

  it('approval linking an existing business leaves that business as it was and makes no new one', async () => {
    const existing = await makeBusiness(t.db, { name: 'Batik Lama' });
    const { data, auth } = await apply();
    const count = (await t.db.select().from(businesses)).length;
    const missing = await call('POST', `/partner-applications/${data.application.id}/approve`, { version: 1, business_id: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ business_id: m.businessNotFound });
    const res = await call('POST', `/partner-applications/${data.application.id}/approve`, { version: 1, business_id: existing.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.business_id).toBe(existing.id);
    expect((await t.db.select().from(businesses)).length).toBe(count);
    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, existing.id));
    expect(business?.name).toBe('Batik Lama');
    expect((await call('GET', '/mitra/me', undefined, auth)).json().data.business.id).toBe(existing.id);
  });

  it('an approval or rejection at a version the office no longer holds is refused as stale', async () => {
    const { data } = await apply();
    const stale = await call('POST', `/partner-applications/${data.application.id}/approve`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
    expect((await adminRow(data.application.id)).status).toBe('pending');
    expect((await call('POST', '/partner-applications/999999/approve', { version: 1 })).statusCode).toBe(404);
  });

  it('of two admins deciding at once, exactly one decision lands', async () => {
    const { data } = await apply();
    const [approve, reject] = await Promise.all([
      call('POST', `/partner-applications/${data.application.id}/approve`, { version: 1 }),
      call('POST', `/partner-applications/${data.application.id}/reject`, { reason: 'Ganda', version: 1 }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const row = await adminRow(data.application.id);
    expect(row.status).toBe(approve.statusCode === 200 ? 'approved' : 'rejected');
    expect(row.version).toBe(2);
  });

  it('an application whose account was deleted cannot be approved, only rejected', async () => {
    const { data } = await apply();
    await t.db.delete(users).where(eq(users.id, data.user.id));
    const res = await call('POST', `/partner-applications/${data.application.id}/approve`, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(m.accountGone);
    expect((await adminRow(data.application.id)).status).toBe('pending');
    expect((await call('POST', `/partner-applications/${data.application.id}/reject`, { reason: 'Akun dihapus', version: 1 })).statusCode).toBe(200);
  });

  it('rejection keeps a customer, stores the reason for the applicant and mails it; a reason is required', async () => {
    const { body, data, auth } = await apply();
    const noReason = await call('POST', `/partner-applications/${data.application.id}/reject`, { reason: '  ', version: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: m.reasonRequired });
    const res = await call('POST', `/partner-applications/${data.application.id}/reject`, { reason: 'NIB tidak terdaftar di OSS.', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: m.rejected, data: { status: 'rejected', rejection_reason: 'NIB tidak terdaftar di OSS.', business_id: null } });
    const [account] = await t.db.select({ role_id: users.role_id, business_id: users.business_id }).from(users).where(eq(users.id, data.user.id));
    expect(account?.business_id).toBeNull();
    expect((await call('GET', '/profile', undefined, auth)).json().data.role.name).toBe('customer');
    expect((await call('GET', '/mitra/me', undefined, auth)).statusCode).toBe(403);
    expect((await call('GET', '/partner-applications/mine', undefined, auth)).json().data[0]).toMatchObject({ status: 'rejected', rejection_reason: 'NIB tidak terdaftar di OSS.' });
    const [mail] = await mailsTo(body.email);
    expect(mail).toMatchObject({ kind: 'partner_application_rejected' });
    expect(mail?.text_body).toContain('Alasan: NIB tidak terdaftar di OSS.');
  });

  it('the office lists by status (pending oldest first) and reads one', async () => {
    const a = await apply();
    const b = await apply();
    const pending = (await call('GET', '/partner-applications?status=pending')).json().data as { id: number }[];
    const ids = pending.map((p) => p.id);
    expect(ids.indexOf(a.data.application.id)).toBeLessThan(ids.indexOf(b.data.application.id));
    await call('POST', `/partner-applications/${a.data.application.id}/reject`, { reason: 'Data belum lengkap', version: 1 });
    const rejected = (await call('GET', '/partner-applications?status=rejected')).json().data as { id: number }[];
    expect(rejected[0]?.id).toBe(a.data.application.id);
    expect(((await call('GET', '/partner-applications')).json().data as { id: number }[]).some((p) => p.id === a.data.application.id)).toBe(false);
    expect((await call('GET', '/partner-applications/999999')).json()).toMatchObject({ code: 'NOT_FOUND', error: m.notFound });
  });

  it('customers, partners and visitors cannot list, read or decide applications; admins and partners cannot apply as an account', async () => {
    const { data, auth } = await apply();
    const id = data.application.id;
    for (const [headers, status] of [
      [{}, 401],
      [customer, 403],
      [auth, 403],
    ] as const) {
      expect((await call('GET', '/partner-applications', undefined, headers)).statusCode).toBe(status);
      expect((await call('GET', `/partner-applications/${id}`, undefined, headers)).statusCode).toBe(status);
      expect((await call('POST', `/partner-applications/${id}/approve`, { version: 1 }, headers)).statusCode).toBe(status);
      expect((await call('POST', `/partner-applications/${id}/reject`, { reason: 'x', version: 1 }, headers)).statusCode).toBe(status);
    }
    expect((await adminRow(id)).status).toBe('pending');
    const { username: _u, password: _p, ...business } = application();
    expect((await call('POST', '/partner-applications/mine', business, {}, freshIp())).statusCode).toBe(401);
    const asAdmin = await call('POST', '/partner-applications/mine', business, admin, freshIp());
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error).toBe(m.onlyCustomers);
    await call('POST', `/partner-applications/${id}/approve`, { version: 1 });
    const asPartner = await call('POST', '/partner-applications/mine', business, auth, freshIp());
    expect(asPartner.statusCode).toBe(409);
    expect(asPartner.json().error).toBe(m.alreadyPartner);
  });

  it('limits applications from one address to 5 an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await call('POST', '/partner-applications', application(), {}, ip)).statusCode).toBe(201);
    const sixth = await call('POST', '/partner-applications', application(), {}, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/^Terlalu banyak pendaftaran dari perangkat ini\. Coba lagi dalam \d+ menit\.$/);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});
