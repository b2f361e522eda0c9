import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiFile, apiRequest, endSessionOnce, SESSION_EXPIRED_EVENT, setUnauthorizedHandler, UNREADABLE_ANSWER } from './api-client';
import { sessionStore, type SessionUser } from './session';

interface Call {
  url: string;
  init: RequestInit;
}

/** fetch that records each call and answers with the next queued response. */
function fakeFetch(...answers: (Response | Error)[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('fakeFetch: no answer left');
    if (next instanceof Error) throw next;
    return next;
  });
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

const user: SessionUser = {
  id: 3,
  username: 'pembeli',
  email: 'pembeli@contoh.id',
  first_name: 'Siti',
  last_name: 'Rahmawati',
  phone_number: null,
  role_id: 3,
  role: { id: 3, name: 'customer', display_name: 'Pelanggan', can_access_admin: false },
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

let unauthorized = 0;
beforeEach(() => {
  unauthorized = 0;
  setUnauthorizedHandler(() => {
    unauthorized += 1;
    sessionStore.clear();
  });
  // The session writes through to storage; a Map stands in for the browser's.
  const data = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
});
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('the end of a session (401)', () => {
  /** A page at `pathname` that records where it was sent and what it announced. */
  const pageAt = (pathname: string) => {
    const sent: string[] = [];
    const announced: string[] = [];
    return { sent, announced, dispatchEvent: (e: Event) => announced.push(e.type) > 0, location: { pathname, search: '?tab=1', assign: (to: string | URL) => void sent.push(String(to)) } };
  };

  it('announces it, clears the session and sends the page to /login with the way back, once for answers that come together', () => {
    sessionStore.signIn(user, 'tok-123');
    const page = pageAt('/admin/couriers/3/edit');
    const ended = endSessionOnce(page);
    ended();
    ended();
    expect(page.sent).toEqual(['/login?next=%2Fadmin%2Fcouriers%2F3%2Fedit%3Ftab%3D1']);
    expect(page.announced).toEqual([SESSION_EXPIRED_EVENT]);
    expect(sessionStore.token()).toBeNull();
  });

  it('stays on /login itself', () => {
    const page = pageAt('/login');
    endSessionOnce(page)();
    expect(page.sent).toEqual([]);
    expect(page.announced).toEqual([SESSION_EXPIRED_EVENT]);
  });
});

describe('the API client', () => {
  it('returns the data of a success envelope and sends JSON with the bearer token', async () => {
    sessionStore.signIn(user, 'tok-123');
    const calls = fakeFetch(json(201, { success: true, data: { id: 5 }, message: 'Pesanan dibuat' }));
    const answer = await apiRequest<{ id: number }>('/orders', { method: 'POST', body: { a: 1 } });
    expect(answer).toEqual({ data: { id: 5 }, message: 'Pesanan dibuat' });
    expect(calls[0]?.url).toBe('/api/v1/orders');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(headersOf(calls[0])).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok-123' });
  });

  it('sends no token and no JSON header when there is neither session nor body', async () => {
    const calls = fakeFetch(json(200, { success: true, data: [] }));
    expect(await api('/catalog/categories')).toEqual([]);
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
    expect(headersOf(calls[0])).not.toHaveProperty('Content-Type');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it("turns an error envelope into an ApiError with the server's message, code and fields", async () => {
    fakeFetch(json(422, { success: false, error: 'Data tidak valid', code: 'VALIDATION_ERROR', fields: { email: 'Email wajib diisi' } }));
    const error = await api('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Data tidak valid', code: 'VALIDATION_ERROR', fields: { email: 'Email wajib diisi' } });
    expect((error as ApiError).message).toBe('Data tidak valid');
  });

  it('treats success: false as a failure even with status 200', async () => {
    fakeFetch(json(200, { success: false, message: 'Stok habis' }));
    await expect(api('/x')).rejects.toMatchObject({ status: 200, message: 'Stok habis', code: 'HTTP_ERROR' });
  });

  it('says which status failed, and that the server gave no words, when the body is not JSON or empty', async () => {
    fakeFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api('/x')).rejects.toMatchObject({ status: 502, message: 'Permintaan gagal (502).', code: UNREADABLE_ANSWER, fields: undefined });
    fakeFetch(new Response('', { status: 404 }));
    await expect(api('/x')).rejects.toMatchObject({ status: 404, code: UNREADABLE_ANSWER });
  });

  it('answers a network failure with the connection message, and lets an abort through', async () => {
    fakeFetch(new TypeError('Failed to fetch'));
    await expect(api('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.' });
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    fakeFetch(abort);
    await expect(api('/x')).rejects.toBe(abort);
  });

  it('ends the session once on a 401 and still reports the error', async () => {
    sessionStore.signIn(user, 'expired');
    fakeFetch(json(401, { success: false, error: 'Sesi berakhir', code: 'UNAUTHORIZED' }));
    await expect(api('/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(unauthorized).toBe(1);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('downloads a file with its name, and reads the error envelope when it fails', async () => {
    sessionStore.signIn(user, 'tok');
    const calls = fakeFetch(
      new Response('a,b\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="pesanan.csv"' } }),
      json(404, { success: false, error: 'Bukti tidak ditemukan', code: 'NOT_FOUND' }),
    );
    const file = await apiFile('/orders/export');
    expect(file.filename).toBe('pesanan.csv');
    expect(await file.blob.text()).toBe('a,b\n');
    expect(headersOf(calls[0])).toMatchObject({ Accept: '*/*', Authorization: 'Bearer tok' });
    await expect(apiFile('/orders/1/payment-proof')).rejects.toMatchObject({ status: 404, message: 'Bukti tidak ditemukan', code: 'NOT_FOUND' });
  });
});
