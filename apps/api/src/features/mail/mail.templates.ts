/**
 * Every e-mail the shop sends, its subject and its words, in one place. A message is built once
 * as a list of blocks and rendered twice, as plain text and as HTML, so the two never drift
 * apart and every value goes through one escaping function on its way into HTML.
 *
 * What the first e-mail holds follows Indonesian practice (docs/integrations.md, E-mail): the order
 * number, the exact amount, the bank account, the deadline and a link back to the order.
 */
import { stepText, type Order, type PaymentInstruction } from '@pasar/core/checkout';
import { buyerMessageSubject, buyerMessageText, type BuyerFacts, type BuyerMessageKind } from '@pasar/core/mail';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import { escapeHtml } from '../../lib/html';

export type MailKind = 'order_created' | 'order_created_store' | 'payment_proof_store';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

type Block =
  | { type: 'paragraph'; text: string; strong?: boolean }
  | { type: 'heading'; text: string }
  | { type: 'rows'; rows: { label: string; value: string; strong?: boolean }[] }
  | { type: 'list'; items: string[] }
  | { type: 'link'; label: string; url: string }
  | { type: 'instructions'; instructions: PaymentInstruction[] };

/** A link is only made clickable when it is a web address; anything else (javascript:, data:) is shown as text. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function renderText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'paragraph':
        return block.text;
      case 'heading':
        return `${block.text}\n${'-'.repeat(block.text.length)}`;
      case 'rows':
        return block.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
      case 'list':
        return block.items.map((i) => `- ${i}`).join('\n');
      case 'link':
        return `${block.label}:\n${block.url}`;
      case 'instructions':
        return block.instructions.map((ins) => [ins.title, ...ins.steps.map((s, i) => `${i + 1}. ${stepText(s)}`)].join('\n')).join('\n\n');
    }
  });
  return `${parts.join('\n\n')}\n`;
}

function renderHtml(subject: string, blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      switch (block.type) {
        case 'paragraph':
          return block.strong ? `<p style="margin:0 0 12px"><strong>${escapeHtml(block.text)}</strong></p>` : `<p style="margin:0 0 12px">${escapeHtml(block.text)}</p>`;
        case 'heading':
          return `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(block.text)}</h2>`;
        case 'rows':
          return `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${block.rows
            .map((r) => {
              const value = r.strong ? `<strong>${escapeHtml(r.value)}</strong>` : escapeHtml(r.value);
              return `<tr><td style="padding:2px 16px 2px 0;color:#57534e;vertical-align:top">${escapeHtml(r.label)}</td><td style="padding:2px 0">${value}</td></tr>`;
            })
            .join('')}</table>`;
        case 'list':
          return `<ul style="margin:0 0 12px;padding-left:20px">${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
        case 'link':
          return isWebUrl(block.url)
            ? `<p style="margin:0 0 12px">${escapeHtml(block.label)}:<br><a href="${escapeHtml(block.url)}" style="color:#15803d">${escapeHtml(block.url)}</a></p>`
            : `<p style="margin:0 0 12px">${escapeHtml(block.label)}:<br>${escapeHtml(block.url)}</p>`;
        case 'instructions':
          // A step is words and bold (core/checkout instruction-steps): bold is the only markup we add.
          return block.instructions
            .map((ins) => {
              const steps = ins.steps.map((s) => `<li>${s.map((x) => (x.strong ? `<strong>${escapeHtml(x.text)}</strong>` : escapeHtml(x.text))).join('')}</li>`).join('');
              return `<p style="margin:0 0 4px"><strong>${escapeHtml(ins.title)}</strong></p><ol style="margin:0 0 12px;padding-left:20px">${steps}</ol>`;
            })
            .join('');
      }
    })
    .join('\n');
  return `<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1c1917;max-width:600px;margin:0 auto;padding:16px">
${body}
</body>
</html>
`;
}

function render(subject: string, blocks: Block[]): MailContent {
  return { subject, text: renderText(blocks), html: renderHtml(subject, blocks) };
}

function itemLines(order: Order): string[] {
  return order.order_items.map((i) => {
    const variant = i.variant_label ? ` (${i.variant_label})` : '';
    const options = i.selected_options.length > 0 ? ` [${i.selected_options.map((o) => `${o.group}: ${o.value}`).join(', ')}]` : '';
    return `${i.quantity} × ${i.product_name}${variant}${options} @ ${formatRupiah(i.price)} = ${formatRupiah(i.line_total)}`;
  });
}

/** The money lines; the kode unik gets its own line so the buyer sees why the total is not round. */
function totalRows(order: Order): { label: string; value: string; strong?: boolean }[] {
  const rows: { label: string; value: string; strong?: boolean }[] = [{ label: 'Subtotal', value: formatRupiah(order.subtotal_amount) }];
  if (order.shipping_cost > 0 || order.shipping_courier) rows.push({ label: 'Ongkos kirim', value: formatRupiah(order.shipping_cost) });
  if (order.payment_fee > 0) rows.push({ label: 'Biaya pembayaran', value: formatRupiah(order.payment_fee) });
  if (order.unique_code > 0) rows.push({ label: 'Kode unik', value: formatRupiah(order.unique_code) });
  rows.push({ label: 'Total bayar', value: formatRupiah(order.total_amount), strong: true });
  return rows;
}

function buyerName(order: Order): string {
  return order.customer_name ?? order.shipping_name ?? 'Pelanggan';
}

function shippingAddress(order: Order): string {
  return [order.shipping_address, order.shipping_district, order.shipping_city, order.shipping_province, order.shipping_postcode].filter(Boolean).join(', ');
}

function paymentMethodName(order: Order): string {
  if (order.payment?.provider === 'manual') return 'Transfer bank (manual)';
  return order.payment?.payment_name ?? order.payment_method;
}

export interface MailContext {
  storeName: string;
  /** The shop's public address, e.g. https://toko.example; paths are appended to it. */
  origin: string;
  /** The store's time zone (a setting, issue 17): dates in mails read as on the shop's screens. */
  timeZone: string;
}

/** The buyer's first e-mail: what was ordered, how much exactly, where and until when to pay. */
export function orderPlacedBuyerMail(order: Order, ctx: MailContext): MailContent {
  const payment = order.payment;
  const paid = order.payment_status === 'paid';
  const manual = payment?.provider === 'manual';
  const subject = paid || !payment ? `Pesanan #${order.id} diterima – ${ctx.storeName}` : `Pesanan #${order.id}: selesaikan pembayaran ${formatRupiah(order.total_amount)} – ${ctx.storeName}`;
  const blocks: Block[] = [
    { type: 'paragraph', text: `Halo ${buyerName(order)},` },
    { type: 'paragraph', text: `Terima kasih, pesanan Anda di ${ctx.storeName} sudah kami terima.` },
    { type: 'paragraph', text: `Nomor pesanan: #${order.id}`, strong: true },
    { type: 'heading', text: 'Rincian pesanan' },
    { type: 'list', items: itemLines(order) },
    { type: 'rows', rows: totalRows(order) },
  ];

  if (paid) {
    blocks.push({ type: 'paragraph', text: 'Pembayaran sudah kami terima. Kami akan segera memproses pesanan Anda.' });
  } else if (payment && manual) {
    blocks.push({ type: 'heading', text: 'Cara membayar: transfer bank' });
    blocks.push({
      type: 'paragraph',
      text:
        order.unique_code > 0
          ? `Transfer tepat ${formatRupiah(order.total_amount)} ke salah satu rekening berikut. Jumlah itu sudah termasuk kode unik ${formatRupiah(order.unique_code)} agar pembayaran Anda mudah kami cocokkan; mohon jangan dibulatkan.`
          : `Transfer tepat ${formatRupiah(order.total_amount)} ke salah satu rekening berikut.`,
      strong: true,
    });
    if (payment.bank_accounts.length > 0) {
      blocks.push({ type: 'list', items: payment.bank_accounts.map((a) => `${a.bank_name} ${a.account_number} a.n. ${a.account_name}`) });
    } else {
      blocks.push({ type: 'paragraph', text: `Nomor rekening akan dikirim oleh ${ctx.storeName}. Silakan hubungi toko bila belum menerimanya.` });
    }
    const rows: { label: string; value: string; strong?: boolean }[] = [];
    if (payment.transfer_note) rows.push({ label: 'Berita transfer', value: payment.transfer_note });
    if (order.payment_due_at) rows.push({ label: 'Batas pembayaran', value: formatDateTime(order.payment_due_at, { timeZone: ctx.timeZone }), strong: true });
    if (rows.length > 0) blocks.push({ type: 'rows', rows });
    if (order.payment_due_at) blocks.push({ type: 'paragraph', text: 'Pesanan yang belum dibayar sampai batas waktu itu dibatalkan otomatis.' });
    blocks.push({ type: 'paragraph', text: 'Setelah transfer, unggah foto atau PDF bukti transfer di halaman pesanan Anda agar kami dapat memeriksanya.' });
  } else if (payment) {
    blocks.push({ type: 'heading', text: `Cara membayar: ${payment.payment_name}` });
    if (payment.sandbox) blocks.push({ type: 'paragraph', text: 'Mode demo — tidak ada uang yang berpindah.', strong: true });
    const rows: { label: string; value: string; strong?: boolean }[] = [{ label: 'Jumlah', value: formatRupiah(payment.total_amount), strong: true }];
    if (payment.pay_code) rows.push({ label: 'Kode pembayaran', value: payment.pay_code });
    if (order.payment_due_at) rows.push({ label: 'Batas pembayaran', value: formatDateTime(order.payment_due_at, { timeZone: ctx.timeZone }), strong: true });
    blocks.push({ type: 'rows', rows });
    const payUrl = payment.pay_url ?? payment.checkout_url;
    if (payUrl) blocks.push({ type: 'link', label: 'Bayar di sini', url: payUrl });
    if (payment.instructions.length > 0) blocks.push({ type: 'instructions', instructions: payment.instructions });
  }

  if (order.order_url) {
    blocks.push({ type: 'link', label: 'Lihat pesanan dan status pembayarannya', url: `${base(ctx)}${order.order_url}` });
    blocks.push({ type: 'paragraph', text: 'Siapa pun yang memegang tautan ini dapat melihat pesanan Anda; jangan membagikannya.' });
  }
  blocks.push({ type: 'paragraph', text: `Email ini dikirim otomatis oleh ${ctx.storeName}. Balas email ini atau hubungi toko bila ada pertanyaan.` });
  return render(subject, blocks);
}

/** The shop's notice of a new online order. */
export function orderPlacedStoreMail(order: Order, ctx: MailContext): MailContent {
  const subject = `Pesanan baru #${order.id} – ${formatRupiah(order.total_amount)}`;
  const buyer: { label: string; value: string }[] = [{ label: 'Nama', value: buyerName(order) }];
  if (order.customer_email) buyer.push({ label: 'Email', value: order.customer_email });
  const phone = order.shipping_phone ?? order.customer_phone;
  if (phone) buyer.push({ label: 'Telepon', value: phone });
  const address = shippingAddress(order);
  if (address) buyer.push({ label: 'Alamat', value: address });
  if (order.shipping_courier) buyer.push({ label: 'Pengiriman', value: [order.shipping_courier, order.shipping_service].filter(Boolean).join(' ') });
  buyer.push({ label: 'Pembayaran', value: `${paymentMethodName(order)} · ${order.payment?.state_label ?? order.payment_status_label}` });
  if (order.payment_due_at && order.payment_status !== 'paid') buyer.push({ label: 'Batas pembayaran', value: formatDateTime(order.payment_due_at, { timeZone: ctx.timeZone }) });
  const blocks: Block[] = [
    { type: 'paragraph', text: `Ada pesanan baru #${order.id} di ${ctx.storeName} pada ${formatDateTime(order.created_at, { timeZone: ctx.timeZone })}.`, strong: true },
    { type: 'rows', rows: buyer },
    { type: 'heading', text: 'Barang' },
    { type: 'list', items: itemLines(order) },
    { type: 'rows', rows: totalRows(order) },
  ];
  if (order.notes) blocks.push({ type: 'rows', rows: [{ label: 'Catatan pembeli', value: order.notes }] });
  blocks.push({ type: 'link', label: 'Buka pesanan di halaman admin', url: adminOrderUrl(order, ctx) });
  return render(subject, blocks);
}

/** The shop's notice that a buyer uploaded a proof of transfer that waits for a check. */
/**
 * `uploads`: how many uploads this notice covers, this one included; at most one notice goes out
 * per order an hour (decision 044), so a later one says how many came since the last.
 */
export function proofUploadedStoreMail(order: Order, ctx: MailContext, uploads = 1): MailContent {
  const subject = `Bukti transfer pesanan #${order.id} perlu diperiksa`;
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Pesanan', value: `#${order.id}` },
    { label: 'Pembeli', value: buyerName(order) },
    { label: 'Jumlah yang harus diterima', value: formatRupiah(order.total_amount), strong: true },
  ];
  if (order.unique_code > 0) rows.push({ label: 'Kode unik', value: formatRupiah(order.unique_code) });
  if (order.payment?.transfer_note) rows.push({ label: 'Berita transfer', value: order.payment.transfer_note });
  if (order.payment?.proof_uploaded_at) rows.push({ label: 'Diunggah', value: formatDateTime(order.payment.proof_uploaded_at, { timeZone: ctx.timeZone }) });
  const lead =
    uploads > 1
      ? `Pembeli mengunggah ${uploads} bukti transfer untuk pesanan #${order.id} sejak pemberitahuan terakhir; yang terbaru menunggu diperiksa.`
      : `Pembeli mengunggah bukti transfer untuk pesanan #${order.id}.`;
  const blocks: Block[] = [
    { type: 'paragraph', text: lead, strong: true },
    { type: 'rows', rows },
    { type: 'paragraph', text: 'Cocokkan jumlahnya dengan mutasi rekening, lalu konfirmasi atau tolak pembayaran dengan alasannya.' },
    { type: 'link', label: 'Periksa bukti transfer', url: adminOrderUrl(order, ctx) },
  ];
  return render(subject, blocks);
}

function adminOrderUrl(order: Order, ctx: MailContext): string {
  return `${base(ctx)}/admin/orders?order=${order.id}`;
}

/** PUBLIC_URL is often written with a trailing slash; the paths already start with one. */
function base(ctx: MailContext): string {
  return ctx.origin.replace(/\/+$/, '');
}

/**
 * The buyer's message for one step of the order (issue 28): the shared sentence from core (the
 * same the WhatsApp message and the order desk's button carry), the facts as rows, the order link.
 */
export function buyerStepMail(kind: BuyerMessageKind, facts: BuyerFacts, ctx: Pick<MailContext, 'storeName'>): MailContent {
  const subject = buyerMessageSubject(kind, facts);
  // The link gets a block of its own, clickable in HTML, instead of trailing the sentence.
  const blocks: Block[] = [{ type: 'paragraph', text: buyerMessageText(kind, { ...facts, orderUrl: null }), strong: true }];
  if (kind === 'shipment_shipped') {
    const rows: { label: string; value: string; strong?: boolean }[] = [];
    const courier = [facts.courierName, facts.service].filter(Boolean).join(' ');
    if (courier) rows.push({ label: 'Kurir', value: courier });
    if (facts.trackingNumber) rows.push({ label: 'Nomor resi', value: facts.trackingNumber, strong: true });
    if (rows.length > 0) blocks.push({ type: 'rows', rows });
  }
  if (facts.orderUrl) {
    const label: Record<BuyerMessageKind, string> = {
      payment_received: 'Lihat pesanan Anda',
      proof_rejected: 'Unggah ulang bukti transfer',
      shipment_shipped: 'Lacak pengiriman',
      shipment_delivered: 'Lihat pesanan Anda',
      payment_reminder: 'Bayar atau unggah bukti transfer',
      order_expired: 'Lihat pesanan Anda',
    };
    blocks.push({ type: 'link', label: label[kind], url: facts.orderUrl });
    blocks.push({ type: 'paragraph', text: 'Siapa pun yang memegang tautan ini dapat melihat pesanan Anda; jangan membagikannya.' });
  }
  blocks.push({ type: 'paragraph', text: `Email ini dikirim otomatis oleh ${ctx.storeName}. Balas email ini atau hubungi toko bila ada pertanyaan.` });
  return render(subject, blocks);
}

/**
 * The "Lupa kata sandi" link (issue 28): one-time and short-lived, so the mail says for how long,
 * and tells the person who did not ask that they can ignore it (nothing changes until the link is used).
 */
export function passwordResetMail(input: { firstName: string; url: string; validMinutes: number }, ctx: Pick<MailContext, 'storeName'>): MailContent {
  const subject = `Atur ulang kata sandi – ${ctx.storeName}`;
  return render(subject, [
    { type: 'paragraph', text: `Halo ${input.firstName || 'Pelanggan'},` },
    { type: 'paragraph', text: `Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda di ${ctx.storeName}.` },
    { type: 'link', label: 'Atur kata sandi baru', url: input.url },
    { type: 'paragraph', text: `Tautan ini hanya dapat dipakai sekali dan berlaku ${input.validMinutes} menit. Setelah kata sandi diganti, semua sesi masuk akun Anda diakhiri.`, strong: true },
    { type: 'paragraph', text: 'Jika Anda tidak meminta ini, abaikan email ini: kata sandi Anda tidak berubah. Jangan teruskan tautan ini kepada siapa pun.' },
    { type: 'paragraph', text: `Email ini dikirim otomatis oleh ${ctx.storeName}.` },
  ]);
}

/**
 * A partner application's e-mails (issue 29 §1: received, approved, rejected): the words come from
 * core/partner-applications, the link is the shop's own address (decision 048).
 */
export function partnerApplicationMail(text: { subject: string; paragraphs: string[]; link: { label: string; path: string } }, ctx: Pick<MailContext, 'storeName' | 'origin'>): MailContent {
  return render(text.subject, [
    ...text.paragraphs.map((p, i): Block => ({ type: 'paragraph', text: p, strong: i === 1 })),
    { type: 'link', label: text.link.label, url: `${ctx.origin.replace(/\/+$/, '')}${text.link.path}` },
    { type: 'paragraph', text: `Email ini dikirim otomatis oleh ${ctx.storeName}.` },
  ]);
}
