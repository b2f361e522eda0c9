/** Checkout (docs/requirements/storefront.md §2 Checkout, §4 Checkout, §5, §8, §9; decision 013 for what follows success). */
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { cartOfOrigin, ORIGIN_PARAM, originGroups, type OriginGroup } from '@pasar/core/cart';
import { checkoutMessages as m, checkoutFailure, orderPayloadSchema, cartWeight } from '@pasar/core/checkout';
import type { StoreLocation } from '@pasar/core/settings';
import { textMaxLengths } from '@pasar/core/validation';
import { useCart } from '../../lib/cart';
import { loginPathFrom } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useChannels, useOrderQuote, useStore } from './api/checkout-api';
import { PaymentChooser, PaymentSection, type PaymentOffer } from './components/payment-section';
import { PlacedOrder, placedOf } from './components/placed-order';
import { Field } from '../../components/form';
import { AreaSelect, requiredLabel } from './components/recipient-fields';
import { ShippingChooser, ShippingSection } from './components/shipping-section';
import { SummaryPanel } from './components/summary-panel';
import { buildOrderPayload, checkoutStateOf, checkoutTotals, chosenChannel, chosenProvider, type CheckoutDraft, type Destination, type RecipientForm } from './order-payload';
import type { ShippingChoice } from './shipping-choice';
import { useDestination } from './use-destination';
import { usePlaceOrder } from './use-place-order';
import { useShipping } from './use-shipping';

/** The server's limits, on the inputs (issue 31). */
const max = textMaxLengths(orderPayloadSchema);

const destinationKeyOf = (d: Destination) => `${d.city?.id ?? ''}/${d.district?.id ?? ''}`;

/**
 * One origin group's shipping (decision 049): its own options from its own origin for its own
 * weight, its own chooser; the choice is reported to the page, which sends one per origin.
 */
function GroupShipping({
  group,
  index,
  count,
  destination,
  storeLocation,
  error,
  onChoice,
}: {
  group: OriginGroup;
  index: number;
  count: number;
  destination: Destination;
  storeLocation: StoreLocation | null;
  error: string | undefined;
  onChoice: (key: string, choice: ShippingChoice, destination: string, loading: boolean) => void;
}) {
  const localOnly = group.items.find((l) => l.product.local_only === true);
  const shipping = useShipping({ destination, storeLocation, originDistrictId: group.district_id, weight: cartWeight(group.items), localOnly: localOnly !== undefined });
  const [open, setOpen] = useState(false);
  const { choice, loading } = shipping;
  const destinationKey = destinationKeyOf(destination);
  useEffect(() => onChoice(group.key, choice, destinationKey, loading), [onChoice, group.key, choice, destinationKey, loading]);
  const from = group.businesses.join(', ') || (group.district_name ? `Kec. ${group.district_name}` : 'toko');
  return (
    <>
      <ShippingSection
        shipping={shipping}
        storeCityName={storeLocation?.city_name}
        onChoose={() => setOpen(true)}
        // Not in the spec (decision 049): which shipment this is.
        title={count > 1 ? `Pengiriman ${index + 1} dari ${count} · ${from}` : 'Pengiriman'}
        buttonId={index === 0 ? 'shipping_service' : `shipping_service-${index + 1}`}
        error={choice === null ? error : undefined}
        localOnlyMessage={localOnly ? m.localOnly(localOnly.product.name, from) : undefined}
      />
      {open && <ShippingChooser shipping={shipping} onClose={() => setOpen(false)} />}
    </>
  );
}

export default function CheckoutPage() {
  const wholeCart = useCart();
  const [params] = useSearchParams();
  const session = useSession();
  const location = useLocation();
  const store = useStore();
  const channels = useChannels();
  const [form, setForm] = useState<RecipientForm>(() => ({
    guest_email: '',
    shipping_name: session ? `${session.user.first_name} ${session.user.last_name}`.trim() : '',
    shipping_address: '',
    shipping_postcode: '',
    shipping_phone: session?.user.phone_number ?? '',
    notes: '',
  }));
  const { destination, provinces, cities, districts, setProvince, setCity, setDistrict } = useDestination();
  const [payment, setPayment] = useState('manual');
  const [modal, setModal] = useState<'payment' | null>(null);
  const [choices, setChoices] = useState<Record<string, { choice: ShippingChoice; destination: string; loading: boolean }>>({});
  const [onChoice] = useState(
    () => (key: string, choice: ShippingChoice, at: string, loading: boolean) =>
      setChoices((all) => (all[key]?.choice === choice && all[key]?.destination === at && all[key]?.loading === loading ? all : { ...all, [key]: { choice, destination: at, loading } })),
  );
  const { submit, error, changes, submitting, fieldErrorsOf } = usePlaceOrder();
  const done = placedOf(location.state);

  const storeLocation = store.data?.store_location ?? null;
  // Issue 16's link to one origin group still orders that group; the cart now sends the whole cart (decision 049).
  const originKey = params.get(ORIGIN_PARAM);
  const cart = cartOfOrigin(wholeCart, originKey, storeLocation);
  const weight = cartWeight(cart.items);
  const groups = originGroups(cart.items, storeLocation);
  // A choice reported for another address is not this one's (the report comes one render after a district changes).
  const here = destinationKeyOf(destination);
  const shipments = groups.map((g) => ({ origin_district_id: g.district_id, choice: choices[g.key]?.destination === here ? choices[g.key]!.choice : null }));
  // Only active channels are offered, each under the provider the API names (no provider is known here by name).
  const providers = (channels.data?.providers ?? []).map((p) => ({ ...p, channels: p.channels.filter((c) => c.active) }));
  const offer: PaymentOffer = {
    payment,
    providers,
    chosen: chosenChannel(payment, providers),
    failed: channels.isError,
  };
  const draft: CheckoutDraft = {
    form,
    destination,
    lines: cart.items,
    userId: session?.user.id ?? null,
    shipments,
    payment,
    provider: chosenProvider(payment, providers),
  };
  // Issue 28: the server's figures (the kode unik above all) before "Buat pesanan", once the cart, the address and every courier are chosen.
  const quotable = cart.items.length > 0 && checkoutFailure({ ...checkoutStateOf(draft), quote: true, signedIn: true }) === null;
  const quote = useOrderQuote(quotable ? { ...buildOrderPayload(draft, checkoutTotals(cart.totalAmount, shipments.map((s) => s.choice), offer.chosen)), guest_email: null, shipping_name: null, shipping_address: null, shipping_phone: null, shipping_postcode: null, notes: null, expected_total: undefined } : null);
  const quoted = quotable ? quote.data : undefined;
  draft.quoteToken = quoted?.quote_token ?? null;
  const totals = checkoutTotals(cart.totalAmount, shipments.map((s) => s.choice), offer.chosen, quoted?.unique_code ?? 0);
  // Issue 31: a press while the couriers or the server's figures are still coming would be refused
  // ("Pilih layanan pengiriman", hidden while the options load) or send a total about to change.
  const quoting = groups.some((g) => choices[g.key]?.destination === here && choices[g.key]?.loading === true) || (quotable && quote.isFetching);

  if (done) return <PlacedOrder placed={done} signedIn={Boolean(session)} />;
  // A group's lines are known once the store's location is (its own products are sent from there).
  if (originKey && store.isPending) {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-16 text-center text-stone-600">
        {/* Not in the spec. */}
        Memuat keranjang…
      </p>
    );
  }
  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-extrabold">Checkout</h1>
        <p className="mt-2 text-stone-600">{m.emptyCart}</p>
        <Link to="/catalog" className="mt-6 inline-block rounded-xl bg-green-800 px-6 py-3 font-bold text-white">
          Lihat katalog
        </Link>
      </div>
    );
  }

  const set = (key: keyof RecipientForm) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const errors = fieldErrorsOf(draft);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/cart" className="text-sm font-semibold text-green-800 hover:underline">
        ← Kembali ke keranjang
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold">Checkout</h1>
      {groups.length > 1 && (
        <div role="status" className="mt-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
          {/* Spec §5 rule 4's text, as information (decision 049). */}
          <p className="font-semibold">{m.mixedOrigin}</p>
          <p className="mt-1">{m.originsShipSeparately(groups.length)}</p>
        </div>
      )}
      <form onSubmit={(e) => void submit(e, draft, totals, () => void quote.refetch())} noValidate className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
        <section aria-labelledby="recipient" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 id="recipient" className="text-lg font-bold">
            Data penerima
          </h2>
          {!session && (
            // Issue 31: the way back here after signing in; the cart waits in storage.
            <p className="text-sm text-stone-700">
              Sudah punya akun?{' '}
              <Link to={loginPathFrom(`${location.pathname}${location.search}`)} className="font-semibold text-green-800 underline">
                Masuk
              </Link>
            </p>
          )}
          {!session && <Field id="guest_email" label={requiredLabel('Email')} required type="email" autoComplete="email" maxLength={max.guest_email} value={form.guest_email} onChange={set('guest_email')} error={errors.guest_email} />}
          <Field id="shipping_name" label={requiredLabel('Nama penerima')} required autoComplete="name" maxLength={max.shipping_name} value={form.shipping_name} onChange={set('shipping_name')} error={errors.shipping_name} />
          <Field as="textarea" id="shipping_address" label={requiredLabel('Alamat lengkap')} required rows={3} maxLength={max.shipping_address} value={form.shipping_address} onChange={set('shipping_address')} error={errors.shipping_address} />
          {provinces.isError && <p className="text-sm text-red-700">{m.provincesFailed}</p>}
          <div className="grid gap-4 sm:grid-cols-3">
            <AreaSelect id="province" label="Provinsi" areas={provinces.data} value={destination.province?.id ?? null} onChange={setProvince} error={errors.shipping_province_id} />
            <AreaSelect id="city" label="Kota/Kabupaten" areas={cities.data} value={destination.city?.id ?? null} disabled={!destination.province} onChange={setCity} error={errors.shipping_city_id} />
            <AreaSelect id="district" label="Kecamatan" areas={districts.data} value={destination.district?.id ?? null} disabled={!destination.city} onChange={setDistrict} error={errors.shipping_district_id} />
          </div>
          {cities.isError && <p className="text-sm text-red-700">{m.citiesFailed}</p>}
          {districts.isError && <p className="text-sm text-red-700">{m.districtsFailed}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="shipping_postcode" label={requiredLabel('Kode pos')} required inputMode="numeric" autoComplete="postal-code" maxLength={max.shipping_postcode} value={form.shipping_postcode} onChange={set('shipping_postcode')} error={errors.shipping_postcode} />
            <Field id="shipping_phone" label={requiredLabel('Nomor telepon')} required type="tel" autoComplete="tel" maxLength={max.shipping_phone} value={form.shipping_phone} onChange={set('shipping_phone')} error={errors.shipping_phone} />
          </div>
          <Field as="textarea" id="notes" label="Catatan pesanan (opsional)" rows={2} maxLength={max.notes} value={form.notes} onChange={set('notes')} />
          {groups.map((group, i) => (
            <GroupShipping key={group.key} group={group} index={i} count={groups.length} destination={destination} storeLocation={storeLocation} error={errors.shipping_service} onChoice={onChoice} />
          ))}
          <PaymentSection offer={offer} onChoose={() => setModal('payment')} error={errors.payment_method} />
        </section>
        <SummaryPanel lines={cart.items} subtotal={cart.totalAmount} totals={totals} shipmentCount={groups.length} weight={weight} error={error} changes={changes} submitting={submitting} quoting={quoting} />
      </form>

      {modal === 'payment' && <PaymentChooser offer={offer} feeBase={cart.totalAmount + totals.shippingCost} onPick={setPayment} onClose={() => setModal(null)} />}
    </div>
  );
}
