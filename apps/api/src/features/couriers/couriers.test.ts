import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierMessages } from '@pasar/core/couriers';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) => callApi(t.app, method, url, payload, headers);

const courier = { courier_name: 'Kurir Uji Cepat', phone_number: '0812-0000-1234', email: 'uji@kurir.id', vehicle_number: 'D 1 UJI', city_id: 3273 };
// A district of the store's city (Kota Bandung 3273) that no demo courier prices yet.
const otherDistrict = async () => {
  const list = (await call('GET', '/locations/rajaongkir/cities/3273/districts')).json().data as { id: number; name: string }[];
  return list.find((d) => d.id !== 327319)!;
};

describe(`couriers and regional prices (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await call('GET', '/couriers', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/couriers', undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', '/couriers', courier, customer)).statusCode).toBe(403);
    expect((await call('POST', '/couriers/prices', { courier_id: 1, region: 'x', base_price: 1 }, customer)).statusCode).toBe(403);
    expect((await call('DELETE', '/couriers/prices/1', undefined, customer)).statusCode).toBe(403);
  });

  it('lists couriers with their prices and counts', async () => {
    const list = (await call('GET', '/couriers')).json().data as { courier_name: string; price_count: number; prices: unknown[] }[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    const kilat = list.find((c) => c.courier_name === 'Kurir Kilat Bandung')!;
    expect(kilat.price_count).toBe(kilat.prices.length);
    expect(kilat.price_count).toBeGreaterThan(0);
  });

  it("answers the spec's validation messages", async () => {
    const res = await call('POST', '/couriers', { courier_name: ' ', phone_number: '', type: 'bicycle', status: 'sleeping', email: 'nope' });
    expectFieldErrors(res, {
      courier_name: courierMessages.nameRequired,
      phone_number: courierMessages.phoneRequired,
      type: courierMessages.typeRequired,
      status: courierMessages.statusRequired,
      email: courierMessages.emailInvalid,
    });
    const price = await call('POST', '/couriers/prices', { courier_id: 1, region: '', base_price: '' });
    expectFieldErrors(price, { region: courierMessages.regionRequired, base_price: courierMessages.basePriceRequired });
    const negative = await call('POST', '/couriers/prices', { courier_id: 1, region: 'Kota', base_price: -1, min_price: 1.5 });
    expect(negative.json().fields).toMatchObject({ base_price: courierMessages.basePriceInvalid, min_price: courierMessages.minPriceInvalid });
  });

  it('creates with the defaults, edits, refuses a stale save and deletes', async () => {
    const created = await call('POST', '/couriers', courier);
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({ courier_name: 'Kurir Uji Cepat', type: 'motorcycle', status: 'active', is_active: true, price_count: 0, version: 1 });
    const edited = await call('PUT', `/couriers/${c.id}`, { ...courier, type: 'car', status: 'busy', version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ type: 'car', status: 'busy', version: 2 });
    const stale = await call('PUT', `/couriers/${c.id}`, { ...courier, courier_name: 'Timpa', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
    expect((await call('PUT', `/couriers/${c.id}`, { ...courier, city_id: 3204 + 9999, version: 2 })).statusCode).toBe(400);
    expect((await call('DELETE', `/couriers/${c.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/couriers/${c.id}`)).statusCode).toBe(404);
  });

  it('adds, edits and deletes prices that feed the checkout local options', async () => {
    const district = await otherDistrict();
    const c = (await call('POST', '/couriers', { ...courier, courier_name: 'Kurir Harga Uji' })).json().data;
    const before = (await call('GET', `/couriers/local-options?district_id=${district.id}&city_id=3273`, undefined, {})).json().data.options as { courier_id: number }[];
    expect(before.some((o) => o.courier_id === c.id)).toBe(false);

    const outside = await call('POST', '/couriers/prices', { courier_id: c.id, region: 'Luar kota', district_id: 320401, base_price: 10000 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields.district_id).toBe(courierMessages.unknownDistrict);

    const added = await call('POST', '/couriers/prices', { courier_id: c.id, region: district.name, district_id: district.id, base_price: '7000', min_price: 9000, price_per_km: '' });
    expect(added.statusCode).toBe(201);
    const price = added.json().data;
    expect(price).toMatchObject({ courier_id: c.id, district_id: district.id, district_name: district.name, base_price: 7000, min_price: 9000, price_per_km: 0, version: 1 });

    const options = (await call('GET', `/couriers/local-options?district_id=${district.id}&city_id=3273`, undefined, {})).json().data.options as { courier_id: number; effective_price: number }[];
    expect(options.find((o) => o.courier_id === c.id)?.effective_price).toBe(9000);

    const updated = await call('PUT', `/couriers/prices/${price.id}`, { region: district.name, district_id: district.id, base_price: 12000, min_price: 9000, version: 1 });
    expect(updated.json().data).toMatchObject({ base_price: 12000, version: 2 });
    expect((await call('PUT', `/couriers/prices/${price.id}`, { region: 'x', base_price: 1, version: 1 })).statusCode).toBe(409);
    const listed = (await call('GET', `/couriers/${c.id}/prices`)).json().data as { id: number }[];
    expect(listed.map((p) => p.id)).toEqual([price.id]);

    expect((await call('DELETE', `/couriers/prices/${price.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/couriers/${c.id}/prices`)).json().data).toEqual([]);
    expect((await call('POST', '/couriers/prices', { courier_id: 999999, region: 'x', base_price: 1 })).statusCode).toBe(404);
  });

  it("refuses local options for a district outside the city sent, or unknown ids, and prices by the district's city (issue 14)", async () => {
    const options = (query: string) => call('GET', `/couriers/local-options?${query}`, undefined, {});
    // Jayapura Utara (917101) is in Kota Jayapura, Papua: the store's city id does not make it local.
    const papua = await options('district_id=917101&city_id=3273');
    expect(papua.statusCode).toBe(400);
    const notInCity = 'Kecamatan tidak berada di kota/kabupaten yang dipilih.';
    expect(papua.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', error: notInCity, fields: { district_id: notInCity } });
    // Sent with its own city it is a valid destination, just not a local one.
    const ownCity = await options('district_id=917101&city_id=9171');
    expect(ownCity.statusCode).toBe(200);
    expect(ownCity.json().data.options).toEqual([]);
    expect((await options('district_id=327319&city_id=3299')).json().fields).toEqual({ city_id: 'Kota/kabupaten tidak dikenal.' });
    expect((await options('district_id=327399&city_id=3273')).json().fields).toEqual({ district_id: 'Kecamatan tidak dikenal.' });
  });
});
