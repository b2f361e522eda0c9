import { describe, expect, it } from 'vitest';
import { formatRupiah } from '@pasar/core/money';
import { buyerMessageText } from '@pasar/core/mail';
import { formatDateTime } from '@pasar/core/time';
import { buyerWhatsappLink, buyerWhatsappText, type WhatsappOrder } from './buyer-whatsapp';

const order = (over: Partial<WhatsappOrder> = {}): WhatsappOrder => ({
  id: 42,
  total_amount: 52_345,
  unique_code: 0,
  payment_status: 'unpaid',
  payment_due_at: null,
  shipping_name: 'Budi',
  customer_name: null,
  shipping_phone: '0812-3456-7890',
  customer_phone: null,
  payment: { proof_status: 'none', rejection_reason: null },
  ...over,
});

const amount = formatRupiah(52_345);

describe('the WhatsApp message to the buyer', () => {
  it('asks for the payment, naming the order, the amount and the deadline', () => {
    const due = '2026-11-24T03:00:00.000Z';
    expect(buyerWhatsappText(order({ payment_due_at: due }), 'Pasar UMKM')).toBe(
      `Halo Budi, ini Pasar UMKM. Kami menunggu pembayaran pesanan #42 sebesar ${amount} paling lambat ${formatDateTime(due)}.`,
    );
  });

  it('asks for the exact amount when the total carries a kode unik', () => {
    expect(buyerWhatsappText(order({ unique_code: 345 }), null)).toBe(
      `Halo Budi, kami menunggu pembayaran pesanan #42 sebesar ${amount}. Mohon transfer tepat sejumlah itu, termasuk kode unik ${formatRupiah(345)}.`,
    );
  });

  it('follows the proof and the payment', () => {
    expect(buyerWhatsappText(order({ payment: { proof_status: 'submitted', rejection_reason: null } }), 'Toko')).toBe(
      `Halo Budi, ini Toko. Kami sudah menerima bukti transfer pesanan #42 sebesar ${amount} dan sedang memeriksanya.`,
    );
    expect(buyerWhatsappText(order({ payment: { proof_status: 'rejected', rejection_reason: 'Nominal tidak sesuai' } }), 'Toko')).toBe(
      `Halo Budi, ini Toko. Kami belum dapat menerima bukti transfer pesanan #42 sebesar ${amount} (alasan: Nominal tidak sesuai). Silakan kirim ulang bukti transfer melalui halaman pesanan Anda.`,
    );
    expect(buyerWhatsappText(order({ payment_status: 'paid' }), 'Toko')).toBe(`Halo Budi, ini Toko. Kami sudah menerima pembayaran pesanan #42 sebesar ${amount}. Terima kasih!`);
    expect(buyerWhatsappText(order({ payment_status: 'failed', shipping_name: null, customer_name: 'Sari' }), null)).toBe(
      `Halo Sari, kami ingin menghubungi Anda tentang pesanan #42 sebesar ${amount}.`,
    );
  });

  it("offers the same words as the shop's own message for each step (decision 051)", () => {
    const facts = { orderId: 42, buyerName: 'Budi', storeName: 'Toko', totalAmount: 52_345, uniqueCode: 0, paymentDueAt: null };
    expect(buyerWhatsappText(order({ payment_status: 'paid' }), 'Toko')).toBe(buyerMessageText('payment_received', facts));
    expect(buyerWhatsappText(order({ payment_status: 'expired' }), 'Toko')).toBe(buyerMessageText('order_expired', facts));
    expect(buyerWhatsappText(order({ payment: { proof_status: 'rejected', rejection_reason: 'Buram' } }), 'Toko')).toBe(buyerMessageText('proof_rejected', { ...facts, reason: 'Buram' }));
    expect(buyerWhatsappText(order(), 'Toko')).toBe(buyerMessageText('payment_reminder', facts));
    const shipped = order({
      payment_status: 'paid',
      status: 'shipped',
      shipments: [
        { status: 'delivered', courier_name: 'Kurir Lokal', service: null, tracking_number: null },
        { status: 'shipped', courier_name: 'JNE', service: 'REG', tracking_number: 'JNE0012345' },
        { status: 'packing', courier_name: 'POS Indonesia', service: null, tracking_number: null },
      ],
    });
    expect(buyerWhatsappText(shipped, 'Toko')).toBe(buyerMessageText('shipment_shipped', { ...facts, courierName: 'JNE', service: 'REG', trackingNumber: 'JNE0012345' }));
    expect(buyerWhatsappText(shipped, 'Toko')).toContain('nomor resi JNE0012345');
    expect(buyerWhatsappText(order({ payment_status: 'paid', status: 'delivered' }), 'Toko')).toBe(buyerMessageText('shipment_delivered', facts));
  });

  it('links the shipping phone, else the customer phone, and gives no link for an unusable number', () => {
    const link = buyerWhatsappLink(order(), 'Toko');
    expect(link).not.toBeNull();
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe('https://wa.me/6281234567890');
    expect(url.searchParams.get('text')).toBe(buyerWhatsappText(order(), 'Toko'));
    expect(buyerWhatsappLink(order({ shipping_phone: null, customer_phone: '+62 811 222 333' }), null)).toMatch(/^https:\/\/wa\.me\/62811222333\?/);
    expect(buyerWhatsappLink(order({ shipping_phone: '12', customer_phone: null }), null)).toBeNull();
    expect(buyerWhatsappLink(order({ shipping_phone: null, customer_phone: null }), null)).toBeNull();
  });
});
