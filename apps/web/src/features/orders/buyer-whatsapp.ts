/**
 * "Hubungi via WhatsApp" on the order desk: a click-to-chat link to the buyer with a message
 * already written for the state the payment is in, naming the order and the amount, so the admin
 * only has to press send. The number comes from the order (shipping phone, else the POS
 * customer's); an unusable number gives no link at all rather than a chat with a stranger.
 */
import { formatRupiah } from '@pasar/core/money';
import { whatsappLink } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import type { Order } from '@pasar/core/checkout';

export type WhatsappOrder = Pick<
  Order,
  'id' | 'total_amount' | 'unique_code' | 'payment_status' | 'payment_due_at' | 'shipping_name' | 'customer_name' | 'shipping_phone' | 'customer_phone'
> & { payment: Pick<NonNullable<Order['payment']>, 'proof_status' | 'rejection_reason'> | null };

/** The message, in the buyer's language, for where the payment stands. */
export function buyerWhatsappText(order: WhatsappOrder, storeName: string | null): string {
  const name = order.shipping_name ?? order.customer_name;
  // Every message goes on with "kami …": after the store's name as a new sentence, else straight on.
  const we = `Halo${name ? ` ${name}` : ''},${storeName ? ` ini ${storeName}. Kami` : ' kami'}`;
  const subject = `pesanan #${order.id} sebesar ${formatRupiah(order.total_amount)}`;
  if (order.payment_status === 'paid') return `${we} sudah menerima pembayaran ${subject}. Terima kasih!`;
  if (order.payment_status !== 'unpaid') return `${we} ingin menghubungi Anda tentang ${subject}.`;
  const proof = order.payment?.proof_status ?? 'none';
  if (proof === 'submitted') return `${we} sudah menerima bukti transfer ${subject} dan sedang memeriksanya.`;
  if (proof === 'rejected') {
    const reason = order.payment?.rejection_reason;
    return `${we} belum dapat menerima bukti transfer ${subject}${reason ? ` (alasan: ${reason})` : ''}. Silakan kirim ulang bukti transfer melalui halaman pesanan Anda.`;
  }
  const due = order.payment_due_at ? formatDateTime(order.payment_due_at) : '';
  // With a kode unik the exact amount is how the transfer is matched to the order.
  const exact = order.unique_code > 0 ? ` Mohon transfer tepat sejumlah itu, termasuk kode unik ${formatRupiah(order.unique_code)}.` : '';
  return `${we} menunggu pembayaran ${subject}${due ? ` paling lambat ${due}` : ''}.${exact}`;
}

/** The buyer's number as the order gives it: the shipping phone, else the POS customer's. */
export const buyerPhone = (order: Pick<Order, 'shipping_phone' | 'customer_phone'>): string | null => order.shipping_phone ?? order.customer_phone;

/** The wa.me link with the message, or null when the order's number cannot be used. */
export function buyerWhatsappLink(order: WhatsappOrder, storeName: string | null): string | null {
  return whatsappLink(buyerPhone(order), buyerWhatsappText(order, storeName));
}
