import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { posLineKey } from '@pasar/core/pos';
import { readPosDraft, writePosDraft, type PosDraft } from './pos-draft';
import { memoryStorage } from '../../lib/memory-storage';


const draft: PosDraft = {
  lines: [{ key: posLineKey(7, 'L'), product_id: 7, name: 'Kemeja Batik', variant_label: 'L', price: 150000, stock: 4, quantity: 2 }],
  customer: { name: 'Bu Sari', phone: '', email: '' },
  payment: { method: 'cash', cash: '300000', reference: '' },
  notes: 'Bungkus kado',
};

describe('POS draft (issue 17: the sale survives navigation and a reload)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what was written, per user', () => {
    writePosDraft(1, draft);
    expect(readPosDraft(1)).toEqual(draft);
    expect(readPosDraft(2)).toBeNull();
  });

  it('removes an empty draft instead of storing it', () => {
    writePosDraft(1, draft);
    writePosDraft(1, { lines: [], customer: { name: '', phone: '', email: '' }, payment: { method: 'cash', cash: '', reference: '' }, notes: '' });
    expect(localStorage.getItem('pos-sale:1')).toBeNull();
  });

  it('discards stored data that is not a draft', () => {
    for (const bad of ['{', '{"lines":"x"}', JSON.stringify({ ...draft, lines: [{ ...draft.lines[0], key: '8-L' }] }), JSON.stringify({ ...draft, payment: { ...draft.payment, method: 'kredit' } })]) {
      localStorage.setItem('pos-sale:1', bad);
      expect(readPosDraft(1)).toBeNull();
      expect(localStorage.getItem('pos-sale:1')).toBeNull();
    }
  });
});
