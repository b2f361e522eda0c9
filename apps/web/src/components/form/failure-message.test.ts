import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { failureMessage, isStale } from './failure-message';

const spec = 'Failed to save business.';
const refused = new ApiError(409, 'Kategori masih dipakai produk.', 'CONFLICT');

describe('failureMessage', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  it("puts the server's reason for a refusal after the spec's message", () => {
    expect(failureMessage(refused, spec)).toBe('Failed to save business. Kategori masih dipakai produk.');
  });
  it("shows the server's reason alone where the spec says 'the server's error, else …'", () => {
    expect(failureMessage(refused, spec, 'replace')).toBe('Kategori masih dipakai produk.');
  });
  it("explains a lost connection after the spec's message, in both styles", () => {
    const offline = new ApiError(0, 'Tidak dapat terhubung ke server.', 'NETWORK_ERROR');
    expect(failureMessage(offline, spec)).toBe(`${spec} Tidak dapat terhubung ke server.`);
    expect(failureMessage(offline, spec, 'replace')).toBe(`${spec} Tidak dapat terhubung ke server.`);
  });
  it("shows the spec's message alone for an answer that carried no words of the server (empty or HTML body), whatever its status", async () => {
    for (const status of [500, 502, 404, 413, 429]) {
      for (const body of ['', '<html><body>Bad gateway</body></html>']) {
        globalThis.fetch = vi.fn(() => Promise.resolve(new Response(body, { status }))) as typeof fetch;
        const error = await api('/orders', { method: 'POST', body: {} }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect(failureMessage(error, spec)).toBe(spec);
        expect(failureMessage(error, spec, 'replace')).toBe(spec);
      }
    }
  });
  it("shows the spec's message for a failed fetch with the connection hint, never the browser's English", async () => {
    globalThis.fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const error = await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(failureMessage(error, 'Gagal masuk. Periksa kembali data Anda.', 'replace')).toBe('Gagal masuk. Periksa kembali data Anda. Tidak dapat terhubung ke server. Periksa koneksi internet Anda.');
  });
  it("keeps a server failure (5xx) to the spec's words: the server hides its details", () => {
    const crash = new ApiError(500, 'Terjadi kesalahan pada server.', 'INTERNAL');
    expect(failureMessage(crash, spec)).toBe(spec);
    expect(failureMessage(crash, spec, 'replace')).toBe(spec);
  });
  it("never repeats the spec's message, and anything that is not an API answer gets the spec's message", () => {
    expect(failureMessage(new ApiError(400, spec, 'VALIDATION'), spec)).toBe(spec);
    expect(failureMessage(new Error('boom'), spec, 'replace')).toBe(spec);
    expect(failureMessage(undefined, spec)).toBe(spec);
  });
  it('recognises a stale save', () => {
    expect(isStale(new ApiError(409, 'Data sudah diubah.', 'STALE_UPDATE'))).toBe(true);
    expect(isStale(refused)).toBe(false);
  });
});
