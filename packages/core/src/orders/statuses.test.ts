import { describe, expect, it } from 'vitest';
import { statusesMatchingQuery } from './statuses';

describe('statusesMatchingQuery (requirements/back-office.md §2 Orders: search by status label)', () => {
  it('matches the status name or the whole label, in any case', () => {
    expect(statusesMatchingQuery('shipped')).toEqual(['shipped']);
    expect(statusesMatchingQuery('Dikirim')).toEqual(['shipped']);
    expect(statusesMatchingQuery('MENUNGGU KONFIRMASI')).toEqual(['pending']);
    expect(statusesMatchingQuery(' sudah  diterima ')).toEqual(['delivered']);
    expect(statusesMatchingQuery('cancelled')).toEqual(['cancelled']);
  });

  it('matches a word start of 3 letters or more, including the root of a di- word', () => {
    expect(statusesMatchingQuery('menunggu')).toEqual(['pending']);
    expect(statusesMatchingQuery('dikir')).toEqual(['shipped']);
    expect(statusesMatchingQuery('kirim')).toEqual(['shipped']);
    expect(statusesMatchingQuery('batal')).toEqual(['cancelled']);
    expect(statusesMatchingQuery('dibatalkan')).toEqual(['cancelled']);
    expect(statusesMatchingQuery('terima')).toEqual(['delivered']);
    expect(statusesMatchingQuery('ship')).toEqual(['shipped']);
    // "konfirmasi" is in two labels: both are meant.
    expect(statusesMatchingQuery('konfirmasi')).toEqual(['pending', 'confirmed']);
  });

  it('does not let a short fragment or the middle of a word stand for a status', () => {
    expect(statusesMatchingQuery('ma')).toEqual([]);
    expect(statusesMatchingQuery('e')).toEqual([]);
    expect(statusesMatchingQuery('di')).toEqual([]);
    expect(statusesMatchingQuery('irim')).toEqual([]);
    expect(statusesMatchingQuery('nggu')).toEqual([]);
    expect(statusesMatchingQuery('opak ketan')).toEqual([]);
    expect(statusesMatchingQuery('')).toEqual([]);
  });
});
