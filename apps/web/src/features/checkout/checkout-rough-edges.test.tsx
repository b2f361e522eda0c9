/** Issue 31: "Buat pesanan" waits for the shipping with "Menghitung ongkir…"; the success panel asks for the payment until it is settled. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { SummaryPanel } from './components/summary-panel';
import { paymentSettled } from './api/checkout-api';

const totals = { shippingCost: 0, fee: 0, uniqueCode: 0, total: 10_000 } as Parameters<typeof SummaryPanel>[0]['totals'];
const button = (html: string) => /<button type="submit"([^>]*)>([^<]*)<\/button>/.exec(html);
const panel = (props: { submitting: boolean; quoting?: boolean }) => renderToStaticMarkup(<SummaryPanel lines={[]} subtotal={10_000} totals={totals} weight={500} error={undefined} {...props} />);

describe('"Buat pesanan" while the shipping is worked out (issue 31)', () => {
  it('is disabled and says "Menghitung ongkir…" instead of being ignored', () => {
    const [, attributes, text] = button(panel({ submitting: false, quoting: true })) ?? [];
    expect(text).toBe('Menghitung ongkir…');
    expect(attributes).toMatch(/\sdisabled(="")?(\s|$)/);
  });
  it('is "Buat pesanan" once the shipping is known', () => {
    const [, attributes, text] = button(panel({ submitting: false, quoting: false })) ?? [];
    expect(text).toBe('Buat pesanan');
    expect(attributes).not.toMatch(/\sdisabled(="")?(\s|$)/);
  });
});

describe('the success panel stops asking once the payment is settled', () => {
  it('asks while unpaid, not once paid, expired or cancelled', () => {
    expect(paymentSettled({ payment_status: 'unpaid', status: 'pending' })).toBe(false);
    for (const o of [{ payment_status: 'paid', status: 'pending' }, { payment_status: 'expired', status: 'cancelled' }, { payment_status: 'unpaid', status: 'cancelled' }]) expect(paymentSettled(o)).toBe(true);
  });
});
