/**
 * What the buyer is told at each step of an order (issue 28: "a word at every step"), in one
 * place. The API's e-mails and WhatsApp messages and the order desk's prefilled WhatsApp button all
 * take their words from here, so the buyer reads the same sentence whichever way it reaches them.
 */
import { labelled } from '../common/labelled';
import { formatRupiah } from '../money/index';
import { formatDateTime } from '../time/index';

/** The labels are how the buyer's order page and the outbox name each message. */
export const { values: BUYER_MESSAGE_KINDS, labels: buyerMessageLabels } = labelled(
  ['payment_received', 'proof_rejected', 'shipment_shipped', 'shipment_delivered', 'payment_reminder', 'order_expired'],
  {
    payment_received: 'Pembayaran diterima',
    proof_rejected: 'Bukti transfer ditolak',
    shipment_shipped: 'Paket dikirim',
    shipment_delivered: 'Paket sampai',
    payment_reminder: 'Pengingat pembayaran',
    order_expired: 'Pesanan dibatalkan (batas bayar lewat)',
  },
);
export type BuyerMessageKind = (typeof BUYER_MESSAGE_KINDS)[number];

/** The buyer's list of messages also shows the first one, the order confirmation sent at checkout. */
export const buyerMessageListLabels: Record<string, string> = { order_created: 'Konfirmasi pesanan', ...buyerMessageLabels };

/** The facts a message names. Absent facts are left out of the sentence, never printed as "null". */
export interface BuyerFacts {
  orderId: number;
  buyerName: string | null;
  storeName: string | null;
  totalAmount: number;
  uniqueCode: number;
  paymentDueAt: string | null;
  /** The admin's reason for rejecting a proof. */
  reason?: string | null;
  courierName?: string | null;
  service?: string | null;
  trackingNumber?: string | null;
  /** The buyer's order page, absolute; left out where the message carries it apart (an e-mail's link). */
  orderUrl?: string | null;
  /** The store's time zone for the deadline; absent: formatDateTime's default (the web app sets it). */
  timeZone?: string;
}

function greeting(f: BuyerFacts): string {
  // Every message goes on with "kami …": after the store's name as a new sentence, else straight on.
  return `Halo${f.buyerName ? ` ${f.buyerName}` : ''},${f.storeName ? ` ini ${f.storeName}. Kami` : ' kami'}`;
}

const subject = (f: BuyerFacts) => `pesanan #${f.orderId} sebesar ${formatRupiah(f.totalAmount)}`;
const due = (f: BuyerFacts) => (f.paymentDueAt ? formatDateTime(f.paymentDueAt, f.timeZone ? { timeZone: f.timeZone } : {}) : '');
const link = (f: BuyerFacts, lead: string) => (f.orderUrl ? ` ${lead}: ${f.orderUrl}` : '');

export function courierLine(f: Pick<BuyerFacts, 'courierName' | 'service'>): string {
  return [f.courierName, f.service].filter(Boolean).join(' ');
}

/** The message for one step, as one paragraph (the WhatsApp text, the e-mail's opening). */
export function buyerMessageText(kind: BuyerMessageKind, f: BuyerFacts): string {
  const we = greeting(f);
  switch (kind) {
    case 'payment_received':
      return `${we} sudah menerima pembayaran ${subject(f)}. Terima kasih!${link(f, 'Pantau pesanan Anda di')}`;
    case 'proof_rejected': {
      const until = due(f) ? ` paling lambat ${due(f)}` : '';
      return `${we} belum dapat menerima bukti transfer ${subject(f)}${f.reason ? ` (alasan: ${f.reason})` : ''}. Silakan kirim ulang bukti transfer melalui halaman pesanan Anda${until}.${link(f, 'Unggah di')}`;
    }
    case 'shipment_shipped': {
      const courier = courierLine(f);
      return `${we} sudah mengirim pesanan #${f.orderId}${courier ? ` dengan ${courier}` : ''}${f.trackingNumber ? `, nomor resi ${f.trackingNumber}` : ''}.${link(f, 'Lacak pengiriman di')}`;
    }
    case 'shipment_delivered':
      return `${we} mencatat paket pesanan #${f.orderId} sudah sampai. Terima kasih sudah berbelanja!${link(f, 'Lihat pesanan di')}`;
    case 'payment_reminder': {
      // With a kode unik the exact amount is how the transfer is matched to the order.
      const exact = f.uniqueCode > 0 ? ` Mohon transfer tepat sejumlah itu, termasuk kode unik ${formatRupiah(f.uniqueCode)}.` : '';
      return `${we} menunggu pembayaran ${subject(f)}${due(f) ? ` paling lambat ${due(f)}` : ''}.${exact}${link(f, 'Bayar atau unggah bukti transfer di')}`;
    }
    case 'order_expired':
      return `${we} membatalkan ${subject(f)} karena pembayarannya belum kami terima sampai batas waktu. Silakan pesan kembali bila masih berminat.`;
  }
}

/** The e-mail's subject line. */
export function buyerMessageSubject(kind: BuyerMessageKind, f: Pick<BuyerFacts, 'orderId'>): string {
  const subjects: Record<BuyerMessageKind, string> = {
    payment_received: `Pembayaran pesanan #${f.orderId} sudah diterima`,
    proof_rejected: `Bukti transfer pesanan #${f.orderId} ditolak – mohon unggah ulang`,
    shipment_shipped: `Pesanan #${f.orderId} sudah dikirim`,
    shipment_delivered: `Pesanan #${f.orderId} sudah sampai`,
    payment_reminder: `Pengingat: segera bayar pesanan #${f.orderId}`,
    order_expired: `Pesanan #${f.orderId} dibatalkan`,
  };
  return subjects[kind];
}

/**
 * The approved WhatsApp template for each step (WhatsApp Cloud API, business-initiated messages
 * must be templates) and its body parameters {{1}}, {{2}}, … in order. The templates registered
 * with Meta read as buyerMessageText does; docs/decisions/051-a-word-at-every-step.md lists them.
 * Meta refuses an empty parameter, so a missing fact is sent as "-".
 */
export function buyerWhatsappTemplate(kind: BuyerMessageKind, f: BuyerFacts): { name: string; params: string[] } {
  const p = (v: string | null | undefined) => (v && v.trim() ? v : '-');
  const head = [p(f.buyerName), p(f.storeName), `#${f.orderId}`];
  const params: Record<BuyerMessageKind, string[]> = {
    payment_received: [...head, formatRupiah(f.totalAmount), p(f.orderUrl)],
    proof_rejected: [...head, formatRupiah(f.totalAmount), p(f.reason), p(due(f)), p(f.orderUrl)],
    shipment_shipped: [...head, p(courierLine(f)), p(f.trackingNumber), p(f.orderUrl)],
    shipment_delivered: [...head, p(f.orderUrl)],
    payment_reminder: [...head, formatRupiah(f.totalAmount), p(due(f)), p(f.orderUrl)],
    order_expired: [...head, formatRupiah(f.totalAmount)],
  };
  return { name: `pasar_${kind}`, params: params[kind] };
}

/**
 * The order desk's prefilled text for where an order stands now: the step's own message where there
 * is one, and two sentences only the order desk uses (a proof being checked; a state with no message of its own).
 */
export function buyerStateText(
  state: { paymentStatus: string; orderStatus?: string; proofStatus: string },
  f: BuyerFacts,
): string {
  if (state.orderStatus === 'delivered') return buyerMessageText('shipment_delivered', f);
  if (state.orderStatus === 'shipped') return buyerMessageText('shipment_shipped', f);
  if (state.paymentStatus === 'paid') return buyerMessageText('payment_received', f);
  if (state.paymentStatus === 'expired') return buyerMessageText('order_expired', f);
  if (state.paymentStatus !== 'unpaid') return `${greeting(f)} ingin menghubungi Anda tentang ${subject(f)}.`;
  if (state.proofStatus === 'submitted') return `${greeting(f)} sudah menerima bukti transfer ${subject(f)} dan sedang memeriksanya.`;
  if (state.proofStatus === 'rejected') return buyerMessageText('proof_rejected', f);
  return buyerMessageText('payment_reminder', f);
}
