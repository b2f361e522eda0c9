import { describe, expect, it } from 'vitest';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import { escapeHtml } from '../../lib/html';
import { buyerStepMail, orderPlacedBuyerMail, orderPlacedStoreMail, proofUploadedStoreMail } from './mail.templates';
import { manualPayment, testOrder } from './test-order';

const ctx = { storeName: 'Pasar UMKM Kota Bandung', origin: 'https://toko.contoh.id', timeZone: 'Asia/Jakarta' };

describe('the buyer e-mail of a manual transfer', () => {
  const order = testOrder({ unique_code: 317, total_amount: 1_265_317 });
  const mail = orderPlacedBuyerMail(order, ctx);

  it('holds the order number, the exact amount with its kode unik line, the account, the note, the deadline and the link', () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('#41');
      expect(body).toContain(formatRupiah(1_265_317));
      expect(body).toContain('Kode unik');
      expect(body).toContain(formatRupiah(317));
      expect(body).toContain('0001234567890');
      expect(body).toContain('PESANAN 41');
      expect(body).toContain(formatDateTime('2026-11-24T15:38:00.000Z'));
      expect(body).toContain('https://toko.contoh.id/pesanan/akses/abc123def456');
    }
    expect(mail.text).toContain('Rp1.265.317');
    expect(mail.text).toContain('24 Nov 2026, 22.38 WIB');
    expect(mail.subject).toBe(`Pesanan #41: selesaikan pembayaran Rp1.265.317 – Pasar UMKM Kota Bandung`);
    expect(mail.html).toContain('<a href="https://toko.contoh.id/pesanan/akses/abc123def456"');
  });

  it('has no kode unik line when the order has none', () => {
    const plain = orderPlacedBuyerMail(testOrder(), ctx);
    expect(plain.text).not.toContain('Kode unik');
    expect(plain.text).toContain('Total bayar: Rp1.265.000');
  });

  it('does not double the slash of an origin written with one', () => {
    expect(orderPlacedBuyerMail(order, { ...ctx, origin: 'https://toko.contoh.id/' }).text).toContain('https://toko.contoh.id/pesanan/akses/abc123def456');
  });
});

describe('the buyer e-mail of a gateway payment', () => {
  it('gives the pay link, falling back to the checkout page, and labels the sandbox', () => {
    const payment = manualPayment({ provider: 'sandbox', payment_name: 'QRIS (demo)', sandbox: true, bank_accounts: [], transfer_note: null, pay_url: null, checkout_url: 'https://toko.contoh.id/bayar/SBX-1', total_amount: 1_265_000 });
    const mail = orderPlacedBuyerMail(testOrder({ payment_method: 'QRIS', payment }), ctx);
    expect(mail.text).toContain('Bayar di sini:\nhttps://toko.contoh.id/bayar/SBX-1');
    expect(mail.text).toContain('Mode demo — tidak ada uang yang berpindah.');
    expect(mail.text).not.toContain('0001234567890');
    const direct = orderPlacedBuyerMail(testOrder({ payment: { ...payment, sandbox: false, pay_url: 'https://tripay.co.id/pay/T1' } }), ctx);
    expect(direct.text).toContain('https://tripay.co.id/pay/T1');
    expect(direct.text).not.toContain('Mode demo');
  });

  it('gives the gateway steps in words, their bold escaped and kept bold in HTML', () => {
    const instructions = [{ title: 'Internet Banking', steps: [[{ text: 'Masuk ke aplikasi.' }], [{ text: 'Masukkan kode ' }, { text: '<8808 & 1>', strong: true }, { text: '.' }]] }];
    const mail = orderPlacedBuyerMail(testOrder({ payment: manualPayment({ provider: 'tripay', bank_accounts: [], instructions }) }), ctx);
    expect(mail.text).toContain('Internet Banking\n1. Masuk ke aplikasi.\n2. Masukkan kode <8808 & 1>.');
    expect(mail.html).toContain('<li>Masukkan kode <strong>&lt;8808 &amp; 1&gt;</strong>.</li>');
    expect(mail.html).not.toContain('<8808');
    // A manual transfer says the same in its own words (accounts, note, deadline): no second list.
    expect(orderPlacedBuyerMail(testOrder({ payment: manualPayment({ instructions }) }), ctx).text).not.toContain('Internet Banking');
  });

  it('never turns a non-web address into a link', () => {
    const payment = manualPayment({ provider: 'tripay', bank_accounts: [], pay_url: 'javascript:alert(1)' });
    const mail = orderPlacedBuyerMail(testOrder({ payment }), ctx);
    expect(mail.html).not.toContain('href="javascript:');
  });
});

describe('HTML escaping', () => {
  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes a buyer name, a product name, an address and a note in every message', () => {
    const hostile = '<script>alert("x")</script>';
    const order = testOrder({
      customer_name: hostile,
      shipping_name: hostile,
      shipping_address: `Jl. <img src=x onerror=alert(1)>`,
      notes: `"><b>catatan</b>`,
      order_items: [{ ...testOrder().order_items[0]!, product_name: 'Kopi & <i>Teh</i>' }],
      payment: manualPayment({ proof_uploaded_at: '2026-11-23T16:00:00.000Z', transfer_note: '<u>41</u>' }),
    });
    for (const mail of [orderPlacedBuyerMail(order, ctx), orderPlacedStoreMail(order, ctx), proofUploadedStoreMail(order, ctx)]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<i>');
      expect(mail.html).not.toContain('<u>');
      expect(mail.html).not.toContain('<b>catatan');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    }
    // The plain text keeps the name as the buyer wrote it.
    expect(orderPlacedBuyerMail(order, ctx).text).toContain(`Halo ${hostile},`);
    expect(orderPlacedBuyerMail(order, ctx).html).toContain('Kopi &amp; &lt;i&gt;Teh&lt;/i&gt;');
  });
});

describe('the shop notices', () => {
  it('a new order names the buyer, the total and links to the order desk', () => {
    const mail = orderPlacedStoreMail(testOrder(), ctx);
    expect(mail.subject).toBe('Pesanan baru #41 – Rp1.265.000');
    expect(mail.text).toContain('tamu@contoh.id');
    expect(mail.text).toContain('https://toko.contoh.id/admin/orders?order=41');
  });

  it('a proof of transfer names the order and the amount and links to it', () => {
    const mail = proofUploadedStoreMail(testOrder({ payment: manualPayment({ proof_status: 'submitted', proof_uploaded_at: '2026-11-23T16:00:00.000Z' }) }), ctx);
    expect(mail.subject).toBe('Bukti transfer pesanan #41 perlu diperiksa');
    expect(mail.text).toContain('Rp1.265.000');
    expect(mail.text).toContain('https://toko.contoh.id/admin/orders?order=41');
    expect(mail.html).toContain('href="https://toko.contoh.id/admin/orders?order=41"');
  });
});

describe('dates in e-mails follow the store time zone (issue 17)', () => {
  it('a deadline reads in WIT for a store in Jayapura', () => {
    const order = testOrder({ unique_code: 317, total_amount: 1_265_317 });
    const wit = orderPlacedBuyerMail(order, { ...ctx, timeZone: 'Asia/Jayapura' });
    expect(wit.text).toContain(formatDateTime(order.payment_due_at!, { timeZone: 'Asia/Jayapura' }));
    expect(wit.text).toMatch(/ WIT\b/);
    expect(wit.text).not.toMatch(/ WIB\b/);
  });
});

describe("the buyer's step e-mails (decision 051)", () => {
  const facts = { orderId: 41, buyerName: 'Siti <b>', storeName: 'Pasar UMKM', totalAmount: 1_265_000, uniqueCode: 0, paymentDueAt: null, timeZone: 'Asia/Jakarta' };

  it('puts the shipment rows and the tracking link in both bodies', () => {
    const mail = buyerStepMail('shipment_shipped', { ...facts, courierName: 'JNE', service: 'REG', trackingNumber: 'JNE0012345', orderUrl: 'https://toko.contoh.id/pesanan/akses/ab' }, ctx);
    expect(mail.subject).toBe('Pesanan #41 sudah dikirim');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('JNE REG');
      expect(body).toContain('JNE0012345');
      expect(body).toContain('https://toko.contoh.id/pesanan/akses/ab');
    }
    expect(mail.html).toContain('<a href="https://toko.contoh.id/pesanan/akses/ab"');
  });

  it("escapes the admin's reason and the buyer's name in HTML, through the one escapeHtml", () => {
    const mail = buyerStepMail('proof_rejected', { ...facts, reason: '<script>alert(1)</script>', orderUrl: 'https://toko.contoh.id/pesanan/akses/ab' }, ctx);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml('<script>alert(1)</script>'));
    expect(mail.html).toContain(escapeHtml('Siti <b>'));
    expect(mail.text).toContain('(alasan: <script>alert(1)</script>)');
    expect(mail.text).toContain('Unggah ulang bukti transfer:\nhttps://toko.contoh.id/pesanan/akses/ab');
  });
});
