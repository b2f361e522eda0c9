import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { QUOTE_TTL_MS, quoteToken, readQuoteToken } from './quote-token';

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pasar-quote', LOG_LEVEL: 'silent', CHECKOUT_QUOTE_SECRET: 'rahasia-uji' });
const now = new Date('2026-11-26T10:00:00Z');

describe('checkout quote tokens (issue 28)', () => {
  it('gives back the order id of a token it signed, until it expires', () => {
    const token = quoteToken(config, 4711, now);
    expect(readQuoteToken(config, token, now)).toBe(4711);
    expect(readQuoteToken(config, token, new Date(now.getTime() + QUOTE_TTL_MS))).toBe(4711);
    expect(readQuoteToken(config, token, new Date(now.getTime() + QUOTE_TTL_MS + 1))).toBeUndefined();
  });
  it('refuses another id, another expiry, another key and anything malformed', () => {
    const token = quoteToken(config, 4711, now);
    const [, expires, signature] = token.split('.');
    expect(readQuoteToken(config, `4712.${expires}.${signature}`, now)).toBeUndefined();
    expect(readQuoteToken(config, `4711.${Number(expires) + 1000}.${signature}`, now)).toBeUndefined();
    expect(readQuoteToken(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pasar-quote', LOG_LEVEL: 'silent', CHECKOUT_QUOTE_SECRET: 'lain' }), token, now)).toBeUndefined();
    for (const bad of [null, '', 'abc', '1.2', `${token}x`, `-1.${expires}.${signature}`]) expect(readQuoteToken(config, bad, now)).toBeUndefined();
  });
});
