/**
 * An order answer for the mail tests, checked against the core schema so it stays the shape the
 * orders code hands to the mail service. Only tests import this file.
 */
import { orderSchema, type Order } from '@pasar/core/checkout';

type Payment = NonNullable<Order['payment']>;

export function manualPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    provider: 'manual',
    reference: 'MANUAL-1',
    payment_name: 'Transfer bank',
    amount: 0,
    total_amount: 0,
    fee_customer: 0,
    status: 'unpaid',
    pay_code: null,
    pay_url: null,
    checkout_url: null,
    qr_url: null,
    instructions: [],
    expires_at: '2026-11-24T15:38:00.000Z',
    paid_at: null,
    sandbox: false,
    bank_accounts: [{ bank_name: 'Bank BJB', account_number: '0001234567890', account_name: 'Koperasi Pasar UMKM Kota Bandung' }],
    transfer_note: 'PESANAN 41',
    proof_status: 'none',
    proof_uploaded_at: null,
    rejection_reason: null,
    verified_at: null,
    state_label: 'Belum dibayar',
    ...overrides,
  };
}

export function testOrder(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: 41,
    user_id: null,
    guest_email: 'tamu@contoh.id',
    status: 'pending',
    status_label: 'Menunggu konfirmasi',
    payment_status: 'unpaid',
    payment_status_label: 'Belum dibayar',
    order_type: 'online',
    payment_method: 'manual',
    subtotal_amount: 1_250_000,
    shipping_cost: 15_000,
    payment_fee: 0,
    unique_code: 0,
    total_amount: 1_265_000,
    refunded_amount: 0,
    payment_reference: null,
    payment_due_at: '2026-11-24T15:38:00.000Z',
    order_url: '/pesanan/akses/abc123def456',
    cash_received: null,
    change_due: null,
    notes: null,
    customer_name: 'Siti Aminah',
    customer_phone: null,
    customer_email: 'tamu@contoh.id',
    shipping_name: 'Siti Aminah',
    shipping_phone: '081200000000',
    shipping_address: 'Jl. Braga No. 5',
    shipping_province: 'Jawa Barat',
    shipping_city: 'Kota Bandung',
    shipping_district: 'Sumur Bandung',
    shipping_postcode: '40111',
    shipping_courier: 'Kurir Lokal',
    shipping_service: 'Reguler',
    created_at: '2026-11-23T15:38:00.000Z',
    updated_at: '2026-11-23T15:38:00.000Z',
    version: 1,
    order_items: [
      {
        id: 1,
        product_id: 7,
        product: { id: 7, name: 'Batik Tulis Mega Mendung' },
        product_name: 'Batik Tulis Mega Mendung',
        variant_label: 'L',
        selected_options: [],
        quantity: 2,
        price: 625_000,
        line_total: 1_250_000,
        shipment_id: null,
      },
    ],
    shipments: [],
    payment: manualPayment(),
    ...overrides,
  });
}
