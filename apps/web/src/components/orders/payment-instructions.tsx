/**
 * How to pay an unpaid order (docs/requirements/storefront.md §2 Checkout: "After success, payment instructions
 * appear in the summary panel"; decision 013): for a manual transfer the exact amount with its
 * kode unik, the store's accounts, the deadline and the note; for a gateway its pay link, pay code
 * and steps.
 */
import type { Order } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import { CopyButton } from './copy-button';
import { InstructionStepText } from './instruction-step';

export function isManualTransfer(order: Order): boolean {
  return order.payment_method === 'manual';
}

/** Unpaid and still open: the only state in which paying (or a proof) means anything. */
export function awaitsPayment(order: Order): boolean {
  return order.payment_status === 'unpaid' && order.status !== 'cancelled';
}

/** A gateway link the shopper may follow: web addresses only, whatever the gateway answered. */
function safePayUrl(order: Order): string | null {
  const url = order.payment?.pay_url ?? order.payment?.checkout_url ?? null;
  return url && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null;
}

function Deadline({ order }: { order: Order }) {
  // Decision 013: an order whose proof waits for the admin is not cancelled at its deadline.
  if (order.payment?.proof_status === 'submitted') return null;
  const due = order.payment_due_at ?? order.payment?.expires_at ?? null;
  const text = due ? formatDateTime(due) : '';
  if (!text) return null;
  return (
    <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="payment-deadline">
      Bayar sebelum <b>{text}</b>. Setelah itu pesanan dibatalkan otomatis.
    </p>
  );
}

function ManualInstructions({ order }: { order: Order }) {
  const accounts = order.payment?.bank_accounts ?? [];
  const note = order.payment?.transfer_note ?? null;
  return (
    <>
      <p className="text-sm text-stone-700">Transfer tepat sejumlah</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p className="text-3xl font-extrabold text-green-800" data-testid="transfer-amount">
          {formatRupiah(order.total_amount)}
        </p>
        <CopyButton value={String(order.total_amount)} label="jumlah transfer" />
      </div>
      {order.unique_code > 0 && (
        <p className="mt-1 text-sm text-stone-700" data-testid="transfer-unique-code">
          Termasuk kode unik <b>{formatRupiah(order.unique_code)}</b>. Transfer tepat sampai tiga digit terakhir agar pembayaran cepat dicocokkan.
        </p>
      )}
      <h3 className="mt-4 text-sm font-bold">Rekening tujuan</h3>
      {accounts.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">Rekening toko belum tersedia. Hubungi toko untuk nomor rekening sebelum mentransfer.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {accounts.map((a) => (
            <li key={`${a.bank_name}-${a.account_number}`} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200" data-testid="bank-account">
              <p className="text-sm font-semibold">{a.bank_name}</p>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono text-xl font-bold tracking-wide break-all">{a.account_number}</p>
                <CopyButton value={a.account_number} label={`nomor rekening ${a.bank_name}`} />
              </div>
              <p className="text-sm text-stone-700">a.n. {a.account_name}</p>
            </li>
          ))}
        </ul>
      )}
      {note && (
        <div className="mt-3">
          <h3 className="text-sm font-bold">Berita transfer</h3>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <p className="font-mono font-semibold" data-testid="transfer-note">
              {note}
            </p>
            <CopyButton value={note} label="berita transfer" />
          </div>
        </div>
      )}
      <Deadline order={order} />
    </>
  );
}

function GatewayInstructions({ order }: { order: Order }) {
  const p = order.payment;
  const payUrl = safePayUrl(order);
  return (
    <>
      {p && (
        <p className="text-sm">
          {p.payment_name} · Referensi <b>{p.reference}</b>
        </p>
      )}
      {p?.sandbox && (
        <p className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm font-semibold text-sky-900 ring-1 ring-sky-200" data-testid="sandbox-notice">
          {paymentMessages.sandboxNotice}
        </p>
      )}
      <p className="mt-2 text-2xl font-extrabold text-green-800" data-testid="transfer-amount">
        {formatRupiah(order.total_amount)}
      </p>
      {p?.pay_code && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">
            Kode bayar <span className="font-mono text-lg font-bold break-all">{p.pay_code}</span>
          </p>
          <CopyButton value={p.pay_code} label="kode bayar" />
        </div>
      )}
      <Deadline order={order} />
      {payUrl && (
        <a href={payUrl} target="_blank" rel="noopener noreferrer" className="mt-4 inline-block rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900">
          Buka halaman pembayaran
        </a>
      )}
      {p?.instructions.map((ins, i) => (
        <div key={`${i}-${ins.title}`} className="mt-4">
          <p className="font-semibold">{ins.title}</p>
          <ol className="mt-1 ml-5 list-decimal space-y-1 text-sm">
            {ins.steps.map((step, j) => (
              <li key={j}>
                <InstructionStepText step={step} />
              </li>
            ))}
          </ol>
        </div>
      ))}
    </>
  );
}

export function PaymentInstructions({ order }: { order: Order }) {
  return (
    <section aria-labelledby={`pay-${order.id}`} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200" data-testid="payment-instructions">
      <h2 id={`pay-${order.id}`} className="mb-2 text-lg font-bold">
        Cara membayar
      </h2>
      {isManualTransfer(order) ? <ManualInstructions order={order} /> : <GatewayInstructions order={order} />}
    </section>
  );
}
