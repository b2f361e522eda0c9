/** Checkout (docs/requirements/storefront.md §2 Checkout, §4 Checkout, §5, §8, §9; decision 013 for what follows success). */
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { cartOfOrigin, ORIGIN_PARAM, originGroups } from '@pasar/core/cart';
import { checkoutMessages as m, distinctOrigins, shippingWeight } from '@pasar/core/checkout';
import { useCart } from '../../lib/cart';
import { useSession } from '../../lib/session';
import { useChannels, useStore } from './api/checkout-api';
import { PaymentChooser, PaymentSection, type PaymentOffer } from './components/payment-section';
import { PlacedOrder, placedOf } from './components/placed-order';
import { Field } from '../../components/form';
import { AreaSelect, requiredLabel } from './components/recipient-fields';
import { ShippingChooser, ShippingSection } from './components/shipping-section';
import { SummaryPanel } from './components/summary-panel';
import { checkoutTotals, chosenChannel, type CheckoutDraft, type RecipientForm } from './order-payload';
import { useDestination } from './use-destination';
import { usePlaceOrder } from './use-place-order';
import { useShipping } from './use-shipping';

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
  const [modal, setModal] = useState<'shipping' | 'payment' | null>(null);
  const { submit, error, submitting, fieldErrorsOf } = usePlaceOrder();
  const done = placedOf(location.state);

  const storeLocation = store.data?.store_location ?? null;
  // Issue 16: the origin group chosen on /cart (spec §5 rule 4) is what this checkout orders.
  const originKey = params.get(ORIGIN_PARAM);
  const cart = cartOfOrigin(wholeCart, originKey, storeLocation);
  const weight = shippingWeight(cart.totalItems);
  const origins = distinctOrigins(cart.items.map((l) => l.product.business_district_id));
  const shipping = useShipping({ destination, storeLocation, originDistrictId: origins[0] ?? storeLocation?.district_id ?? null, weight });
  const channelList = channels.data?.channels.filter((c) => c.active) ?? [];
  const offer: PaymentOffer = {
    payment,
    channels: channelList,
    chosen: chosenChannel(payment, channelList),
    providerName: channels.data?.provider ?? 'Tripay',
    answer: channels.data,
    failed: channels.isError,
  };
  const totals = checkoutTotals(cart.totalAmount, shipping.choice, offer.chosen);

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
  const draft: CheckoutDraft = {
    form,
    destination,
    lines: cart.items,
    userId: session?.user.id ?? null,
    shipping: shipping.choice,
    payment,
    provider: { name: offer.providerName, channelsAvailable: channelList.length > 0 },
  };
  const errors = fieldErrorsOf(draft);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/cart" className="text-sm font-semibold text-green-800 hover:underline">
        ← Kembali ke keranjang
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold">Checkout</h1>
      {!originKey && originGroups(cart.items, storeLocation).length > 1 && (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 p-4 text-sm font-semibold text-amber-950 ring-1 ring-amber-300">
          {m.mixedOrigin}{' '}
          <Link to="/cart" className="underline">
            {/* Not in the spec (issue 16): the cart offers a checkout per origin. */}
            Pilih kelompok di keranjang
          </Link>
        </p>
      )}
      <form onSubmit={(e) => void submit(e, draft, totals)} noValidate className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
        <section aria-labelledby="recipient" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 id="recipient" className="text-lg font-bold">
            Data penerima
          </h2>
          {!session && <Field id="guest_email" label={requiredLabel('Email')} required type="email" autoComplete="email" value={form.guest_email} onChange={set('guest_email')} error={errors.guest_email} />}
          <Field id="shipping_name" label={requiredLabel('Nama penerima')} required autoComplete="name" value={form.shipping_name} onChange={set('shipping_name')} error={errors.shipping_name} />
          <Field as="textarea" id="shipping_address" label={requiredLabel('Alamat lengkap')} required rows={3} value={form.shipping_address} onChange={set('shipping_address')} error={errors.shipping_address} />
          {provinces.isError && <p className="text-sm text-red-700">{m.provincesFailed}</p>}
          <div className="grid gap-4 sm:grid-cols-3">
            <AreaSelect id="province" label="Provinsi" areas={provinces.data} value={destination.province?.id ?? null} onChange={setProvince} error={errors.shipping_province_id} />
            <AreaSelect id="city" label="Kota/Kabupaten" areas={cities.data} value={destination.city?.id ?? null} disabled={!destination.province} onChange={setCity} error={errors.shipping_city_id} />
            <AreaSelect id="district" label="Kecamatan" areas={districts.data} value={destination.district?.id ?? null} disabled={!destination.city} onChange={setDistrict} error={errors.shipping_district_id} />
          </div>
          {cities.isError && <p className="text-sm text-red-700">{m.citiesFailed}</p>}
          {districts.isError && <p className="text-sm text-red-700">{m.districtsFailed}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="shipping_postcode" label={requiredLabel('Kode pos')} required inputMode="numeric" autoComplete="postal-code" value={form.shipping_postcode} onChange={set('shipping_postcode')} error={errors.shipping_postcode} />
            <Field id="shipping_phone" label={requiredLabel('Nomor telepon')} required type="tel" autoComplete="tel" value={form.shipping_phone} onChange={set('shipping_phone')} error={errors.shipping_phone} />
          </div>
          <Field as="textarea" id="notes" label="Catatan pesanan (opsional)" rows={2} value={form.notes} onChange={set('notes')} />
          <ShippingSection shipping={shipping} storeCityName={storeLocation?.city_name} onChoose={() => setModal('shipping')} error={errors.shipping_service} />
          <PaymentSection offer={offer} onChoose={() => setModal('payment')} error={errors.payment_method} />
        </section>
        <SummaryPanel lines={cart.items} subtotal={cart.totalAmount} totals={totals} weight={weight} error={error} submitting={submitting} />
      </form>

      {modal === 'shipping' && <ShippingChooser shipping={shipping} onClose={() => setModal(null)} />}
      {modal === 'payment' && <PaymentChooser offer={offer} feeBase={cart.totalAmount + totals.shippingCost} onPick={setPayment} onClose={() => setModal(null)} />}
    </div>
  );
}
