/** Issue 31 item 5: a quantity can be typed (60 units took 59 taps), and the stepper says why + stops. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { defaultPaymentSettings } from '@pasar/core/payments';
import { QuantityStepper, typedQuantity } from './quantity-stepper';

const limit = defaultPaymentSettings.max_line_quantity;

describe('typedQuantity', () => {
  it('reads the typed number, kept within the bounds', () => {
    expect(typedQuantity('12', 1, limit)).toBe(12);
    expect(typedQuantity('60', 1, limit)).toBe(limit);
    expect(typedQuantity('60', 1, 7)).toBe(7);
    expect(typedQuantity('0', 1, limit)).toBe(1);
    expect(typedQuantity(' 3 ', 1, limit)).toBe(3);
  });
  it('answers null for a text without a number, so the field shows the quantity it had', () => {
    expect(typedQuantity('', 1, limit)).toBeNull();
    expect(typedQuantity('abc', 1, limit)).toBeNull();
  });
});

describe('QuantityStepper', () => {
  const render = (value: number, max: number, maxReason?: string) =>
    renderToStaticMarkup(<QuantityStepper value={value} max={max} onChange={() => undefined} label="Jumlah Keripik" maxReason={maxReason} />);
  const plus = (html: string) => /<button[^>]*aria-label="Tambah jumlah"[^>]*>/.exec(html)?.[0] ?? '';

  it('shows the quantity in a field that can be typed in', () => {
    expect(render(4, 10)).toMatch(/<input[^>]*inputmode="numeric"[^>]*aria-label="Jumlah Keripik"[^>]*value="4"/);
  });
  it('below the limit, + is enabled and no reason is shown', () => {
    const html = render(limit - 1, limit, `Maksimal ${limit} per barang dalam satu pesanan.`);
    expect(plus(html)).not.toMatch(/ disabled[ =>]/);
    expect(html).not.toContain('Maksimal');
  });
  it('at the limit, + is disabled and described by the reason', () => {
    const html = render(limit, limit, `Maksimal ${limit} per barang dalam satu pesanan.`);
    expect(plus(html)).toMatch(/ disabled[ =>]/);
    const described = /aria-describedby="([^"]+)"/.exec(plus(html))?.[1];
    expect(described).toBeTruthy();
    expect(html).toContain(`<p id="${described}"`);
    expect(html).toContain(`Maksimal ${limit} per barang dalam satu pesanan.`);
  });
});
