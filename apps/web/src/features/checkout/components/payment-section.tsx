import { customerFee, checkoutMessages as m } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages, type PaymentChannel, type PaymentChannelsAnswer } from '@pasar/core/payments';
import { Modal } from '../../../components/modal';
import { channelValue } from '../order-payload';

export interface PaymentOffer {
  /** 'manual' or 'tripay:{code}'. */
  payment: string;
  channels: PaymentChannel[];
  chosen: PaymentChannel | undefined;
  providerName: string;
  answer: PaymentChannelsAnswer | undefined;
  failed: boolean;
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
      {chosen && offer.answer?.sandbox === true && <p className="mt-1 text-xs font-semibold text-sky-900">{paymentMessages.sandboxNotice}</p>}
      {offer.failed && <p className="mt-1 text-sm text-red-700">{m.channelsFailed(offer.providerName)}</p>}
    </div>
  );
}

/** The chooser; each channel shows the fee it adds to subtotal plus shipping (spec §2). */
export function PaymentChooser({ offer, feeBase, onPick, onClose }: { offer: PaymentOffer; feeBase: number; onPick: (payment: string) => void; onClose: () => void }) {
  const { payment, channels } = offer;
  const sandboxChannels = offer.answer?.sandbox === true && channels.length > 0;
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
      {channels.map((c) => {
        const fee = customerFee(c.fee_customer, feeBase);
        return (
          <label key={c.code} className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
            <input type="radio" name="payment" checked={payment === channelValue(c)} onChange={() => onPick(channelValue(c))} onClick={() => pickAndClose(channelValue(c))} />
            <span className="flex-1">
              {c.name} <span className="block text-xs text-stone-600">{offer.providerName}</span>
            </span>
            {fee > 0 && <span className="text-xs">+{formatRupiah(fee)}</span>}
          </label>
        );
      })}
    </Modal>
  );
}
