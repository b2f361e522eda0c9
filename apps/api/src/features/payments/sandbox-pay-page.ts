/**
 * The demo gateway's pay page (docs/decisions/013-payments.md), as the shopper reads it (issue 16):
 * in Indonesian, the payment's and the order's states by core's labels, and links back to the
 * order's own page and to the shop, since the page opens in a tab of its own. Plain HTML: a form
 * posts the demo's buttons and nothing runs in the page, so the Content-Security-Policy allows no
 * script (decision 023); the one <style> carries the answer's nonce when the policy gives one.
 * None of these texts is in the spec.
 */
import { formatRupiah } from '@pasar/core/money';
import { orderStatusLabel, paymentStatusLabel } from '@pasar/core/orders';
import { orderPath, paymentMessages } from '@pasar/core/payments';
import { SANDBOX_PROVIDER_NAME } from '../../integrations/payments/sandbox-gateway';
import { escapeHtml } from '../../lib/html';

export interface PayPageInput {
  payment: { reference: string; payment_name: string; order_id: number; amount: number; status: string };
  /** The order the payment is for; absent only if it was removed. */
  order: { status: string; access_token: string | null } | undefined;
  /** The nonce the Content-Security-Policy gives this answer's <style>. */
  styleNonce?: string | undefined;
}

const css =
  'body{font-family:system-ui,sans-serif;background:#f5f5f4;margin:0;padding:24px;color:#1c1917}main{max-width:420px;margin:auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px #0002}' +
  'h1{font-size:1.3rem;margin:.25rem 0}.amount{font-size:2rem;font-weight:800;color:#166534;margin:.5rem 0}.note{font-size:.85rem;color:#57534e;margin:0}' +
  '.demo{font-size:.85rem;font-weight:700;color:#0c4a6e;background:#f0f9ff;border-radius:8px;padding:8px 12px}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}dt{color:#57534e}dd{margin:0;font-weight:700}' +
  'button,.link{display:block;box-sizing:border-box;width:100%;padding:14px;border-radius:12px;border:0;font-weight:700;font-size:1rem;margin-top:10px;cursor:pointer;text-align:center;text-decoration:none;font-family:inherit}' +
  '.pay,.primary{background:#166534;color:#fff}.fail{background:#e7e5e4;color:#1c1917}.secondary{color:#166534;box-shadow:inset 0 0 0 1px #166534}nav{margin-top:16px}';

export function sandboxPayPageHtml({ payment, order, styleNonce }: PayPageInput): string {
  const done = payment.status !== 'unpaid';
  const nonce = styleNonce ? ` nonce="${escapeHtml(styleNonce)}"` : '';
  const states = `<dl${done ? ' role="status"' : ''}><dt>Pembayaran</dt><dd data-testid="pay-status">${escapeHtml(paymentStatusLabel(payment.status))}</dd>${
    order ? `<dt>Status pesanan</dt><dd data-testid="order-status">${escapeHtml(orderStatusLabel(order.status))}</dd>` : ''
  }</dl>`;
  const actions = done
    ? ''
    : '<form method="post"><button class="pay" name="action" value="pay">Bayar sekarang</button><button class="fail" name="action" value="fail">Batalkan pembayaran</button><button class="fail" name="action" value="expire">Biarkan kedaluwarsa</button></form>';
  // The shop serves this page itself, so a path reaches the order's page (no absolute link to forge).
  const orderLink = order?.access_token ? `<a class="link primary" href="${escapeHtml(orderPath(order.access_token))}">Lihat halaman pesanan</a>` : '';
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Pembayaran pesanan #${payment.order_id}</title>
<style${nonce}>${css}</style></head>
<body><main><p class="note">${escapeHtml(SANDBOX_PROVIDER_NAME)}</p><p class="demo">${escapeHtml(paymentMessages.sandboxNotice)}</p><h1>${escapeHtml(payment.payment_name)}</h1>
<p>Pesanan #${payment.order_id} · Referensi ${escapeHtml(payment.reference)}</p><p class="amount">${formatRupiah(payment.amount)}</p>
${states}
${actions}
<nav aria-label="Kembali">${orderLink}<a class="link ${orderLink ? 'secondary' : 'primary'}" href="/">Kembali ke toko</a></nav>
</main></body></html>`;
}
