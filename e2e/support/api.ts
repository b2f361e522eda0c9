/**
 * Talking to the running server's API straight from a spec, for the data a test sets up or
 * checks behind the browser's back. Plain fetch: the e2e package does not import API internals.
 */
import { guestOrderPayload, sumurBandung } from '@pasar/core/testing';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls /api/v1 and returns the body's `data`; any answer that is not 2xx throws with its body. */
export type ApiClient = <T = unknown>(method: ApiMethod, path: string, body?: unknown) => Promise<T>;

/** A client of the API at baseUrl, with the bearer token when one is given. */
export function api(baseUrl: string, token?: string): ApiClient {
  return async <T>(method: ApiMethod, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

export interface Session {
  token: string;
  user: unknown;
}

/** Signs in through the login route, as the web app does. */
export function login(baseUrl: string, username: string, password: string): Promise<Session> {
  return api(baseUrl)<Session>('POST', '/auth/login', { username, password });
}

export const adminAccount = { username: 'admin', password: 'admin12345' } as const;
export const customerAccount = { username: 'pembeli', password: 'pembeli12345' } as const;

/** The id of the active product with exactly this name, if the catalogue lists it. */
export async function findProductId(baseUrl: string, name: string): Promise<number | undefined> {
  const page = await api(baseUrl)<{ items: { id: number; name: string }[] }>('GET', `/catalog/products/?q=${encodeURIComponent(name)}&page_size=5`);
  return page.items.find((p) => p.name === name)?.id;
}

/** The id of a product the test relies on being in the catalogue. */
export async function productId(baseUrl: string, name: string): Promise<number> {
  const id = await findProductId(baseUrl, name);
  if (id === undefined) throw new Error(`no product ${name}`);
  return id;
}

export interface LocalCourierOption {
  courier_id: number;
  price_id: number;
}

/** The first (cheapest) local courier option for Sumur Bandung. */
export async function localCourierOption(baseUrl: string): Promise<LocalCourierOption> {
  const { options } = await api(baseUrl)<{ options: LocalCourierOption[] }>(
    'GET',
    `/couriers/local-options?district_id=${sumurBandung.shipping_district_id}&city_id=${sumurBandung.shipping_city_id}`,
  );
  if (!options[0]) throw new Error('no local courier for Sumur Bandung');
  return options[0];
}

/**
 * The body of POST /orders as the checkout sends it: one product to Sumur Bandung with the local
 * courier, paid by manual transfer. A guest order when guestEmail is given; otherwise the order
 * of whoever's token is sent with it.
 */
export function localCourierOrderPayload(order: { productId: number; quantity: number; local: LocalCourierOption; name: string; guestEmail?: string }) {
  const { guest_email, ...body } = guestOrderPayload({ ...order, email: order.guestEmail, phone: '081234567890' });
  return order.guestEmail !== undefined ? { guest_email, ...body } : body;
}
