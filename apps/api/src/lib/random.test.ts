import { describe, expect, it } from 'vitest';
import { randomToken } from './random';

describe('randomToken', () => {
  it('writes the asked bytes in the asked encoding', () => {
    expect(randomToken(32, 'hex')).toMatch(/^[0-9a-f]{64}$/);
    expect(randomToken(18, 'base64url')).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('hands out every byte once, across refills of the pool', () => {
    const seen = new Set<string>();
    // 2,000 tokens of 32 bytes: the 4 KB pool is refilled about 15 times.
    for (let i = 0; i < 2000; i++) seen.add(randomToken(32, 'hex'));
    expect(seen.size).toBe(2000);
  });

  it('never hands out the zeroes a token leaves behind', () => {
    for (let i = 0; i < 500; i++) expect(randomToken(16, 'hex')).not.toBe('0'.repeat(32));
  });
});
