import { describe, expect, it } from 'vitest';
import type { LocalCourierOption } from '@pasar/core/couriers';
import type { ShippingOption } from '@pasar/core/shipping';
import { isLocalChoice, isNationalChoice, isSameLocalCourier, shippingAfterLoad, shippingCostOf } from './shipping-choice';

const jneReg: ShippingOption = { courier_code: 'jne', courier_name: 'JNE', service: 'REG', description: 'Reguler', cost: 18_000, estimated_delivery: '2-3' };
const jneYes: ShippingOption = { ...jneReg, service: 'YES', cost: 30_000, estimated_delivery: '1' };
const sicepat: ShippingOption = { courier_code: 'sicepat', courier_name: 'SiCepat', service: 'REG', description: 'Reguler', cost: 16_000, estimated_delivery: '2-3' };
const kurir: LocalCourierOption = { courier_id: 3, price_id: 11, courier_name: 'Kurir Braga', region: 'Sumur Bandung', effective_price: 12_000, notes: null };
const kurir2: LocalCourierOption = { ...kurir, courier_id: 4, price_id: 12, courier_name: 'Ojek Pasar', effective_price: 10_000 };

describe('shippingAfterLoad (requirements/storefront.md §4 Checkout)', () => {
  it('selects the first national option when there is no choice yet', () => {
    expect(shippingAfterLoad(null, [jneReg, jneYes], [kurir])).toEqual({ kind: 'national', option: jneReg });
  });

  it('keeps a national choice that is still offered, by courier and service, at the new price', () => {
    const repriced = { ...jneYes, cost: 31_000 };
    expect(shippingAfterLoad({ kind: 'national', option: jneYes }, [jneReg, repriced], [])).toEqual({ kind: 'national', option: repriced });
  });

  it('falls back to the first national option when the choice is gone', () => {
    expect(shippingAfterLoad({ kind: 'national', option: jneYes }, [sicepat, jneReg], [])).toEqual({ kind: 'national', option: sicepat });
    // Same service, another courier: not the same choice.
    expect(shippingAfterLoad({ kind: 'national', option: { ...sicepat, service: 'YES' } }, [jneReg, jneYes], [])).toEqual({ kind: 'national', option: jneReg });
  });

  it('selects the first local option only when there are local options and no national ones', () => {
    expect(shippingAfterLoad(null, [], [kurir, kurir2])).toEqual({ kind: 'local', option: kurir });
    expect(shippingAfterLoad(null, [jneReg], [kurir])).toEqual({ kind: 'national', option: jneReg });
  });

  it('keeps a local choice still offered in the new district: same courier and price region, at the new price (issue 16)', () => {
    expect(shippingAfterLoad({ kind: 'local', option: kurir2 }, [], [kurir, kurir2])).toEqual({ kind: 'local', option: kurir2 });
    // The district's own price row replaces the region-wide one: another price_id, the same choice.
    const ownRow = { ...kurir2, price_id: 40, effective_price: 11_000 };
    expect(shippingAfterLoad({ kind: 'local', option: kurir2 }, [jneReg], [kurir, ownRow])).toEqual({ kind: 'local', option: ownRow });
    // National options do not push a kept local choice aside.
    expect(shippingAfterLoad({ kind: 'local', option: kurir }, [jneReg], [kurir])).toEqual({ kind: 'local', option: kurir });
  });

  it('resets a local choice that is gone: the courier no longer comes, or only under another price region', () => {
    expect(shippingAfterLoad({ kind: 'local', option: kurir2 }, [jneReg], [kurir])).toEqual({ kind: 'national', option: jneReg });
    expect(shippingAfterLoad({ kind: 'local', option: kurir2 }, [], [kurir, { ...kurir2, region: 'Coblong' }])).toEqual({ kind: 'local', option: kurir });
    expect(shippingAfterLoad({ kind: 'local', option: kurir }, [], [])).toBeNull();
  });

  it('keeps a national choice still offered even beside local options, and resets it when only local ones remain', () => {
    expect(shippingAfterLoad({ kind: 'national', option: jneYes }, [jneReg, jneYes], [kurir])).toEqual({ kind: 'national', option: jneYes });
    expect(shippingAfterLoad({ kind: 'national', option: jneYes }, [], [kurir2, kurir])).toEqual({ kind: 'local', option: kurir2 });
  });

  it('chooses nothing when nothing is offered', () => {
    expect(shippingAfterLoad({ kind: 'national', option: jneReg }, [], [])).toBeNull();
  });
});

describe('the chosen option and its cost', () => {
  it('tells which radio is the choice and what it costs', () => {
    expect(isNationalChoice({ kind: 'national', option: jneReg }, { ...jneReg, cost: 1 })).toBe(true);
    expect(isNationalChoice({ kind: 'national', option: jneReg }, jneYes)).toBe(false);
    expect(isNationalChoice({ kind: 'local', option: kurir }, jneReg)).toBe(false);
    expect(isLocalChoice({ kind: 'local', option: kurir }, kurir)).toBe(true);
    expect(isLocalChoice({ kind: 'local', option: kurir }, kurir2)).toBe(false);
    expect(isSameLocalCourier(kurir, { ...kurir, price_id: 99 })).toBe(true);
    expect(isSameLocalCourier(kurir, kurir2)).toBe(false);
    expect(shippingCostOf({ kind: 'local', option: kurir })).toBe(12_000);
    expect(shippingCostOf({ kind: 'national', option: jneYes })).toBe(30_000);
    expect(shippingCostOf(null)).toBe(0);
  });
});
