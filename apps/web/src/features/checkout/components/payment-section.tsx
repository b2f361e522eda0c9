import { customerFee, checkoutMessages as m } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { findPaymentChannel, paymentMessages, paymentMethodValue, type PaymentChannel, type PaymentProviderOffer } from '@pasar/core/payments';
import { Modal } from '../../../components/modal';

export interface PaymentOffer {
  /** 'manual' or '{provider id}:{channel code}'. */
  payment: string;
  /** The live online providers as GET /payments/channels lists them, active channels only. */
  providers: PaymentProviderOffer[];
  chosen: PaymentChannel | undefined;
  /** The list itself could not be read. */
  failed: boolean;
}

/** The channel-list failures to show: each provider the API could not ask, or the whole list. */
function channelFailures(offer: PaymentOffer): string[] {
  if (offer.failed) return [m.channelsFailed('online')];
  return offer.providers.flatMap((p) => (p.error ? [p.error] : []));
}

/** The payment line of the form (docs/requirements/storefront.md §2 Checkout); manual transfer is the default (§4). */
export function PaymentSection({ offer, onChoose, error }: { offer: PaymentOffer; onChoose: () => void; error?: string | undefined }) {
  const { payment, chosen } = offer;
  return (
    <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <div className="flex items-center justify-between gap-3">
        <div>
          <p className="font-semibold">Pembayaran</p>
          <p className="text-sm text-stone-700" data-testid="payment-choice">
            {payment === 'manual' ? 'Transfer bank manual' : (chosen?.name ?? payment)}
          </p>
        </div>
        <button
          type="button"
          id="payment_method"
          onClick={onChoose}
          aria-describedby={error ? 'payment_method-error' : undefined}
          className={`rounded-lg px-3 py-2 text-sm font-semibold text-green-800 ${error ? 'ring-2 ring-red-600' : 'ring-1 ring-green-800'}`}
        >
          Pilih metode pembayaran
        </button>
      </div>
      {/* Spec §5 rule 7, shown beside its chooser (issue 16). */}
      {error && (
        <p id="payment_method-error" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {chosen && findPaymentChannel(payment, offer.providers)?.provider.sandbox === true && <p className="mt-1 text-xs font-semibold text-sky-900">{paymentMessages.sandboxNotice}</p>}
      {channelFailures(offer).map((failure) => (
        <p key={failure} className="mt-1 text-sm text-red-700">
          {failure}
        </p>
      ))}
    </div>
  );
}

/** The chooser; each channel shows the fee it adds to subtotal plus shipping (spec §2). */
export function PaymentChooser({ offer, feeBase, onPick, onClose }: { offer: PaymentOffer; feeBase: number; onPick: (payment: string) => void; onClose: () => void }) {
  const { payment, providers } = offer;
  const sandboxChannels = providers.some((p) => p.sandbox && p.channels.length > 0);
  const pickAndClose = (value: string) => {
    onPick(value);
    onClose();
  };
  return (
    <Modal title="Pilih metode pembayaran" onClose={onClose}>
      <label className="flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
        {/* Picked on click, which also closes the chooser: choosing the method already chosen fires no
            change, and under Preact (docs/decisions/032-preact-compat.md) the change event comes after the
            click has closed the chooser (React fires onChange from the click itself). */}
        <input type="radio" name="payment" checked={payment === 'manual'} onChange={() => onPick('manual')} onClick={() => pickAndClose('manual')} />
        <span className="flex-1">
          Transfer bank manual <span className="block text-xs text-stone-600">Dikonfirmasi admin dalam 24 jam</span>
        </span>
      </label>
      {sandboxChannels && (
        <p className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm font-semibold text-sky-900 ring-1 ring-sky-200" data-testid="sandbox-notice">
          {paymentMessages.sandboxNotice}
        </p>
      )}
      {providers.flatMap((p) =>
        p.channels.map((c) => {
          const fee = customerFee(c.fee_customer, feeBase);
          const value = paymentMethodValue(p.id, c);
          return (
            <label key={value} className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
              <input type="radio" name="payment" checked={payment === value} onChange={() => onPick(value)} onClick={() => pickAndClose(value)} />
              <span className="flex-1">
                {c.name} <span className="block text-xs text-stone-600">{p.name}</span>
              </span>
              {fee > 0 && <span className="text-xs">+{formatRupiah(fee)}</span>}
            </label>
          );
        }),
      )}
    </Modal>
  );
}
