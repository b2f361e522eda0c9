import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../money/index';
import { formatDateTime } from '../time/index';
import { BUYER_MESSAGE_KINDS, buyerMessageSubject, buyerMessageText, buyerStateText, buyerWhatsappTemplate, type BuyerFacts } from './buyer-texts';

const facts = (over: Partial<BuyerFacts> = {}): BuyerFacts => ({
  orderId: 42,
  buyerName: 'Siti',
  storeName: 'Pasar UMKM',
  totalAmount: 125_345,
  uniqueCode: 345,
  paymentDueAt: '2026-11-24T03:00:00.000Z',
  orderUrl: 'https://toko.contoh.id/pesanan/akses/abc',
  timeZone: 'Asia/Jakarta',
  ...over,
});
const amount = formatRupiah(125_345);
const due = formatDateTime('2026-11-24T03:00:00.000Z', { timeZone: 'Asia/Jakarta' });

describe('what the buyer is told at each step', () => {
  it('confirms a payment with the order, the amount and the link', () => {
    expect(buyerMessageText('payment_received', facts())).toBe(
      `Halo Siti, ini Pasar UMKM. Kami sudah menerima pembayaran pesanan #42 sebesar ${amount}. Terima kasih! Pantau pesanan Anda di: https://toko.contoh.id/pesanan/akses/abc`,
    );
  });

  it('gives a rejected proof its reason, the deadline and the link to upload again', () => {
    expect(buyerMessageText('proof_rejected', facts({ reason: 'Nominal tidak sesuai' }))).toBe(
      `Halo Siti, ini Pasar UMKM. Kami belum dapat menerima bukti transfer pesanan #42 sebesar ${amount} (alasan: Nominal tidak sesuai). Silakan kirim ulang bukti transfer melalui halaman pesanan Anda paling lambat ${due}. Unggah di: https://toko.contoh.id/pesanan/akses/abc`,
    );
  });

  it('names the courier, the service and the resi of a shipment, and leaves out what is missing', () => {
    expect(buyerMessageText('shipment_shipped', facts({ courierName: 'JNE', service: 'REG', trackingNumber: 'JNE0012345' }))).toBe(
      'Halo Siti, ini Pasar UMKM. Kami sudah mengirim pesanan #42 dengan JNE REG, nomor resi JNE0012345. Lacak pengiriman di: https://toko.contoh.id/pesanan/akses/abc',
    );
    expect(buyerMessageText('shipment_shipped', facts({ courierName: 'Kurir Lokal', orderUrl: null }))).toBe('Halo Siti, ini Pasar UMKM. Kami sudah mengirim pesanan #42 dengan Kurir Lokal.');
  });

  it('reminds with the deadline and the exact amount when there is a kode unik', () => {
    expect(buyerMessageText('payment_reminder', facts({ orderUrl: null }))).toBe(
      `Halo Siti, ini Pasar UMKM. Kami menunggu pembayaran pesanan #42 sebesar ${amount} paling lambat ${due}. Mohon transfer tepat sejumlah itu, termasuk kode unik ${formatRupiah(345)}.`,
    );
    expect(buyerMessageText('payment_reminder', facts({ orderUrl: null, uniqueCode: 0, buyerName: null, storeName: null }))).toBe(
      `Halo, kami menunggu pembayaran pesanan #42 sebesar ${amount} paling lambat ${due}.`,
    );
  });

  it('says why an expired order was cancelled, and what a delivered one means', () => {
    expect(buyerMessageText('order_expired', facts())).toBe(
      `Halo Siti, ini Pasar UMKM. Kami membatalkan pesanan #42 sebesar ${amount} karena pembayarannya belum kami terima sampai batas waktu. Silakan pesan kembali bila masih berminat.`,
    );
    expect(buyerMessageText('shipment_delivered', facts({ orderUrl: null }))).toBe('Halo Siti, ini Pasar UMKM. Kami mencatat paket pesanan #42 sudah sampai. Terima kasih sudah berbelanja!');
  });

  it('has a subject per step naming the order', () => {
    for (const kind of BUYER_MESSAGE_KINDS) expect(buyerMessageSubject(kind, { orderId: 42 })).toContain('#42');
  });

  it('fills each WhatsApp template with non-empty parameters ("-" for a missing fact)', () => {
    expect(buyerWhatsappTemplate('shipment_shipped', facts({ courierName: 'JNE', trackingNumber: null }))).toEqual({
      name: 'pasar_shipment_shipped',
      params: ['Siti', 'Pasar UMKM', '#42', 'JNE', '-', 'https://toko.contoh.id/pesanan/akses/abc'],
    });
    for (const kind of BUYER_MESSAGE_KINDS) {
      const t = buyerWhatsappTemplate(kind, facts({ buyerName: null, storeName: '', orderUrl: null }));
      expect(t.name).toBe(`pasar_${kind}`);
      expect(t.params.every((p) => p.trim().length > 0)).toBe(true);
    }
  });

  it("gives the desk the step's own words for the order's state", () => {
    const f = facts({ orderUrl: null });
    expect(buyerStateText({ paymentStatus: 'paid', proofStatus: 'none' }, f)).toBe(buyerMessageText('payment_received', f));
    expect(buyerStateText({ paymentStatus: 'paid', orderStatus: 'shipped', proofStatus: 'none' }, f)).toBe(buyerMessageText('shipment_shipped', f));
    expect(buyerStateText({ paymentStatus: 'paid', orderStatus: 'delivered', proofStatus: 'none' }, f)).toBe(buyerMessageText('shipment_delivered', f));
    expect(buyerStateText({ paymentStatus: 'expired', proofStatus: 'none' }, f)).toBe(buyerMessageText('order_expired', f));
    expect(buyerStateText({ paymentStatus: 'unpaid', proofStatus: 'rejected' }, f)).toBe(buyerMessageText('proof_rejected', f));
    expect(buyerStateText({ paymentStatus: 'unpaid', proofStatus: 'none' }, f)).toBe(buyerMessageText('payment_reminder', f));
    expect(buyerStateText({ paymentStatus: 'unpaid', proofStatus: 'submitted' }, f)).toBe(`Halo Siti, ini Pasar UMKM. Kami sudah menerima bukti transfer pesanan #42 sebesar ${amount} dan sedang memeriksanya.`);
  });
});
