/** Issue 31: a paid or expired order says its state once, and an unknown order link's heading is not an alert. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Order } from '@pasar/core/checkout';
import { OrderView } from './components/order-view';
import { OrderLoadProblem } from './components/order-load-problem';

function order(payment_status: string, state_label: string): Order {
  return {
    id: 7, user_id: null, guest_email: 'a@b.id', status: 'pending', status_label: 'Menunggu konfirmasi', payment_status, payment_status_label: state_label,
    order_type: 'online', payment_method: 'manual', subtotal_amount: 10_000, shipping_cost: 0, payment_fee: 0, unique_code: 0, total_amount: 10_000, refunded_amount: 0,
    payment_reference: null, payment_due_at: null, order_url: null, cash_received: null, change_due: null, notes: null, customer_name: null, customer_phone: null, customer_email: null,
    shipping_name: 'Siti', shipping_phone: '6281234567890', shipping_address: 'Jl. Braga 1', shipping_province: 'Jawa Barat', shipping_city: 'Kota Bandung', shipping_district: 'Sumur Bandung', shipping_postcode: '40111',
    shipping_courier: null, shipping_service: null, created_at: '2026-11-20T03:00:00.000Z', updated_at: '2026-11-20T03:00:00.000Z', version: 1, order_items: [], shipments: [],
    payment: {
      provider: 'manual', reference: 'M-7', payment_name: 'Transfer bank manual', amount: 10_000, total_amount: 10_000, fee_customer: 0, status: payment_status, pay_code: null, pay_url: null, checkout_url: null, qr_url: null,
      instructions: [], expires_at: null, paid_at: null, sandbox: false, bank_accounts: [], transfer_note: null, proof_status: 'none', proof_uploaded_at: null, rejection_reason: null, verified_at: null, state_label,
    },
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const view = (o: Order) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OrderView order={o} orderRef={{ kind: 'access', token: 'a'.repeat(64) }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the order page says the payment state once (issue 31)', () => {
  it.each([
    ['paid', 'Sudah dibayar'],
    ['expired', 'Kedaluwarsa'],
  ])('%s: "%s" once, to the eye and to a screen reader', (status, label) => {
    const shown = text(view(order(status, label)));
    expect(shown.split(label).length - 1).toBe(1);
  });
});

describe('an unknown order link (issue 31)', () => {
  it('has a heading that is not an alert, and no live region around it', () => {
    const html = renderToStaticMarkup(<OrderLoadProblem title="Pesanan tidak ditemukan. Periksa kembali tautan pesanan Anda." />);
    expect(html).toMatch(/<h1[^>]*>Pesanan tidak ditemukan/);
    expect(html).not.toMatch(/role="(alert|status)"|aria-live/);
  });
});
