import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { failureMessage, isStale } from './failure-message';

const spec = 'Failed to save business.';
const refused = new ApiError(409, 'Kategori masih dipakai produk.', 'CONFLICT');

describe('failureMessage', () => {
  it("puts the server's reason for a refusal after the spec's message", () => {
    expect(failureMessage(refused, spec)).toBe('Failed to save business. Kategori masih dipakai produk.');
  });
  it("shows the server's reason alone where the spec says 'the server's error, else …'", () => {
    expect(failureMessage(refused, spec, 'replace')).toBe('Kategori masih dipakai produk.');
  });
  it('explains a lost connection in both styles', () => {
    const offline = new ApiError(0, 'Tidak dapat terhubung ke server.', 'NETWORK_ERROR');
    expect(failureMessage(offline, spec)).toBe(`${spec} Tidak dapat terhubung ke server.`);
    expect(failureMessage(offline, spec, 'replace')).toBe('Tidak dapat terhubung ke server.');
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
