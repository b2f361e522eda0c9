import type { ReactNode } from 'react';
import { checkoutMessages as m } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { Modal } from '../../../components/modal';
import { isLocalChoice, isNationalChoice } from '../shipping-choice';
import type { useShipping } from '../use-shipping';

function choiceText(shipping: Shipping): string {
  const { choice } = shipping;
  if (choice?.kind === 'local') return `${choice.option.courier_name} · Same-day delivery · ${formatRupiah(choice.option.effective_price)}`;
  if (choice?.kind === 'national') return `${choice.option.courier_name} ${choice.option.service} · ${choice.option.estimated_delivery} hari · ${formatRupiah(choice.option.cost)}`;
  return shipping.loading ? 'Menghitung ongkos kirim...' : 'Belum dipilih';
}

type Shipping = ReturnType<typeof useShipping>;

/** The shipping line of the form (docs/requirements/storefront.md §2 Checkout); the chooser opens beside the form. */
export function ShippingSection({
  shipping,
  storeCityName,
  onChoose,
  error,
  title = 'Pengiriman',
  buttonId = 'shipping_service',
  localOnlyMessage,
}: {
  shipping: Shipping;
  storeCityName: string | undefined;
  onChoose: () => void;
  error?: string | undefined;
  /** One section per origin (decision 049): "Kiriman 2 dari 3 · Batik Laweyan". */
  title?: string;
  buttonId?: string;
  /** The group's "hanya kirim lokal" note (issue 28), said in red when no local courier serves the address. */
  localOnlyMessage?: string | undefined;
}) {
  const { national, local, loading, ready } = shipping;
  const settled = ready && !loading;
  // Spec §5 rule 6, shown here rather than only beside the submit button (issue 16); not while the
  // options load, as one is then chosen automatically (§4).
  const refused = loading ? undefined : error;
  return (
    <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <div className="flex items-center justify-between gap-3">
        <div>
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-stone-700" data-testid="shipping-choice">
            {choiceText(shipping)}
          </p>
        </div>
        <button
          type="button"
          id={buttonId}
          disabled={!ready || loading}
          onClick={onChoose}
          aria-describedby={refused ? `${buttonId}-error` : undefined}
          className={`rounded-lg px-3 py-2 text-sm font-semibold text-green-800 disabled:opacity-50 ${refused ? 'ring-2 ring-red-600' : 'ring-1 ring-green-800'}`}
        >
          Pilih layanan pengiriman
        </button>
      </div>
      {refused && (
        <p id={`${buttonId}-error`} className="mt-2 text-sm text-red-700">
          {refused}
        </p>
      )}
      <p className="mt-2 text-xs text-stone-600">Kurir lokal (same-day delivery) hanya tersedia di dalam {storeCityName ?? 'kota toko'}.</p>
      {settled && local.length === 0 && shipping.localDestination && <p className="mt-1 text-xs text-stone-600">{m.noLocalCourier}</p>}
      {localOnlyMessage && !(settled && local.length === 0) && <p className="mt-1 text-xs font-semibold text-amber-900">{localOnlyMessage}</p>}
      {settled && national.length === 0 && local.length === 0 && <p className="mt-1 text-sm text-red-700">{localOnlyMessage ?? shipping.error ?? m.noServiceAtAll}</p>}
      {settled && national.length === 0 && local.length > 0 && !localOnlyMessage && <p className="mt-1 text-xs text-stone-600">{m.noNationalService}</p>}
    </div>
  );
}

/** One service in the chooser, with its price. */
function ServiceOption({ checked, price, onChoose, children }: { checked: boolean; price: number; onChoose: () => void; children: ReactNode }) {
  return (
    <label className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
      <input type="radio" name="shipping" checked={checked} onChange={onChoose} />
      <span className="flex-1">{children}</span>
      <b>{formatRupiah(price)}</b>
    </label>
  );
}

/** The chooser (spec §4: choosing a local courier replaces a national choice and the reverse). */
export function ShippingChooser({ shipping, onClose }: { shipping: Shipping; onClose: () => void }) {
  const { national, local, choice } = shipping;
  // Picking a service is the choice: the chooser closes at once.
  const pick = (next: Parameters<Shipping['choose']>[0]) => {
    shipping.choose(next);
    onClose();
  };
  return (
    <Modal title="Pilih layanan pengiriman" onClose={onClose}>
      {local.length > 0 && (
        <fieldset>
          <legend className="font-semibold">Kurir lokal · Same-day delivery</legend>
          {local.map((o) => (
            <ServiceOption key={`${o.courier_id}-${o.price_id}`} checked={isLocalChoice(choice, o)} price={o.effective_price} onChoose={() => pick({ kind: 'local', option: o })}>
              {o.courier_name} <span className="text-xs text-stone-600">({o.region})</span>
            </ServiceOption>
          ))}
        </fieldset>
      )}
      {national.length > 0 && (
        <fieldset className="mt-4">
          <legend className="font-semibold">Kurir nasional</legend>
          {national.map((o) => (
            <ServiceOption key={`${o.courier_code}-${o.service}`} checked={isNationalChoice(choice, o)} price={o.cost} onChoose={() => pick({ kind: 'national', option: o })}>
              {o.courier_name} {o.service} <span className="text-xs text-stone-600">({o.estimated_delivery} hari)</span>
            </ServiceOption>
          ))}
        </fieldset>
      )}
      {local.length === 0 && national.length === 0 && <p>{m.noServiceAtAll}</p>}
    </Modal>
  );
}
