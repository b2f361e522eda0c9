/**
 * "Kabar pesanan" on the buyer's order page (decision 051): which messages the shop sent about the
 * order, by e-mail or WhatsApp, and when, so a buyer who missed one knows it exists and where to
 * look. No bodies: the page itself shows the order's state.
 */
import type { BuyerMessageItem, MailStatus } from '@pasar/core/mail';
import { mailChannelLabels } from '@pasar/core/mail';
import { formatDateTime } from '@pasar/core/time';
import { useOrderMessages } from './api/order-messages-api';

/** The buyer's words for a message's state; the outbox's own labels speak of SMTP, which is the shop's business. */
const buyerStatus: Record<MailStatus, string> = {
  sent: 'Terkirim',
  pending: 'Dalam antrean',
  sending: 'Dalam antrean',
  kept: 'Tercatat',
  failed: 'Gagal terkirim',
};

export function orderMessageLine(m: BuyerMessageItem): string {
  return `${m.label} · ${mailChannelLabels[m.channel]} · ${buyerStatus[m.status]} · ${formatDateTime(m.sent_at ?? m.created_at)}`;
}

export function OrderMessages(props: { orderId?: number; accessToken?: string }) {
  const ref = props.accessToken ? { accessToken: props.accessToken } : props.orderId !== undefined ? { orderId: props.orderId } : null;
  const messages = useOrderMessages(ref);
  if (!ref || messages.isError || !messages.data) return null;
  return (
    <section aria-labelledby="order-messages-title" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id="order-messages-title" className="text-base font-bold text-stone-900">
        Kabar pesanan
      </h2>
      {messages.data.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">Belum ada kabar yang dikirim untuk pesanan ini.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm">
          {messages.data.map((m) => (
            <li key={m.id} aria-label={orderMessageLine(m)} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <span className="font-semibold text-stone-900">{m.label}</span>
              <span className="text-stone-600">
                {mailChannelLabels[m.channel]} · <span className={m.status === 'failed' ? 'text-red-800' : ''}>{buyerStatus[m.status]}</span> ·{' '}
                <time dateTime={m.sent_at ?? m.created_at}>{formatDateTime(m.sent_at ?? m.created_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
