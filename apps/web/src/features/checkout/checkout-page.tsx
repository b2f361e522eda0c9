/** Checkout (storefront spec §2 Checkout, §4 Checkout, §5, §8, §9; decision 013 for what follows success). */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { checkoutError, checkoutMessages as m, customerFee, distinctOrigins, isLocalDestination, NATIONAL_COURIERS, shippingWeight, type Order, type OrderPayload } from '@pasar/core/checkout';
import { formatGrams, formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import { Modal } from '../../components/modal';
import { ProductImage } from '../../components/product-image';
import { ApiError } from '../../lib/api-client';
import { cartActions, useCart } from '../../lib/cart';
import { useSession } from '../../lib/session';
import { paymentStateText } from '../../components/order-badges';
import { OrderPageLink } from '../payments/components/order-link';
import { OrderItems, OrderTotals } from '../payments/components/order-summary';
import { awaitsPayment, isManualTransfer, PaymentInstructions } from '../payments/components/payment-instructions';
import {
  fetchLocalOptions,
  fetchNationalOptions,
  placeOrder,
  useChannels,
  useCities,
  useDistricts,
  useProvinces,
  useStore,
  type Area,
  type LocalOption,
  type NationalOption,
} from './api/checkout-api';

type Shipping = { kind: 'national'; option: NationalOption } | { kind: 'local'; option: LocalOption } | null;

/**
 * The placed order, kept in this page's history entry rather than in component state: a reload,
 * or Back from the order's page, shows the success panel again instead of an empty cart, and the
 * guest keeps the link to the order.
 */
interface Placed {
  placedOrder: Order;
  provider: string;
}
function placedOf(state: unknown): Placed | null {
  if (typeof state !== 'object' || state === null || !('placedOrder' in state) || !('provider' in state)) return null;
  const { placedOrder, provider } = state as { placedOrder: unknown; provider: unknown };
  if (typeof placedOrder !== 'object' || placedOrder === null || typeof provider !== 'string') return null;
  return { placedOrder: placedOrder as Order, provider };
}

function AreaSelect({ id, label, areas, value, disabled, onChange }: { id: string; label: string; areas: Area[] | undefined; value: number | null; disabled?: boolean; onChange: (area: Area | null) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label} <span aria-hidden="true" className="text-red-700">*</span>
      </label>
      <select
        id={id}
        required
        disabled={disabled}
        value={value ?? ''}
        onChange={(e) => onChange(areas?.find((a) => a.id === Number(e.target.value)) ?? null)}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 disabled:bg-stone-100"
      >
        <option value="">Pilih {label.toLowerCase()}</option>
        {areas?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Field({ id, label, required = true, ...props }: { id: string; label: string; required?: boolean } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label} {required && <span aria-hidden="true" className="text-red-700">*</span>}
      </label>
      <input id={id} required={required} className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5" {...props} />
    </div>
  );
}

export default function CheckoutPage() {
  const cart = useCart();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const store = useStore();
  const provinces = useProvinces();
  const channels = useChannels();
  const [form, setForm] = useState(() => ({
    guest_email: '',
    shipping_name: session ? `${session.user.first_name} ${session.user.last_name}`.trim() : '',
    shipping_address: '',
    shipping_postcode: '',
    shipping_phone: session?.user.phone_number ?? '',
    notes: '',
  }));
  const [province, setProvince] = useState<Area | null>(null);
  const [city, setCity] = useState<Area | null>(null);
  const [district, setDistrict] = useState<Area | null>(null);
  const cities = useCities(province?.id ?? null);
  const districts = useDistricts(city?.id ?? null);
  const [national, setNational] = useState<NationalOption[]>([]);
  const [local, setLocal] = useState<LocalOption[]>([]);
  const [shippingLoading, setShippingLoading] = useState(false);
  const [shippingError, setShippingError] = useState<string>();
  const [shipping, setShipping] = useState<Shipping>(null);
  const [payment, setPayment] = useState('manual');
  const [modal, setModal] = useState<'shipping' | 'payment' | null>(null);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const done = placedOf(location.state);
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const totalQuantity = cart.totalItems;
  const weight = shippingWeight(totalQuantity);
  const storeLocation = store.data?.store_location ?? null;
  const origins = distinctOrigins(cart.items.map((l) => l.product.business_district_id));
  const originDistrict = origins[0] ?? storeLocation?.district_id ?? null;
  const channelList = channels.data?.channels.filter((c) => c.active) ?? [];
  const providerName = channels.data?.provider ?? 'Tripay';
  const sandboxChannels = channels.data?.sandbox === true && channelList.length > 0;
  const chosenChannel = payment.startsWith('tripay:') ? channelList.find((c) => `tripay:${c.code}` === payment) : undefined;
  const shippingCost = shipping ? (shipping.kind === 'local' ? shipping.option.effective_price : shipping.option.cost) : 0;
  const fee = chosenChannel ? customerFee(chosenChannel.fee_customer, cart.totalAmount + shippingCost) : 0;
  const total = cart.totalAmount + shippingCost + fee;

  // Choosing a district fetches national and local options (spec §4 Checkout).
  useEffect(() => {
    if (!district || !city) return;
    let cancelled = false;
    setShippingLoading(true);
    setShippingError(undefined);
    const nationalCall =
      storeLocation && originDistrict
        ? fetchNationalOptions({ origin_district_id: originDistrict, destination_district_id: district.id, weight, courier: NATIONAL_COURIERS.join(':') })
            .then((r) => r.options)
            .catch(() => {
              if (!cancelled) setShippingError(m.shippingCostFailed);
              return [] as NationalOption[];
            })
        : Promise.resolve([] as NationalOption[]).then((r) => {
            if (!cancelled) setShippingError(m.storeLocationIncomplete);
            return r;
          });
    // A failed local lookup degrades to no local options.
    const localCall = isLocalDestination(city.id, storeLocation?.city_id)
      ? fetchLocalOptions(district.id, city.id).then((r) => r.options).catch(() => [] as LocalOption[])
      : Promise.resolve([] as LocalOption[]);
    void Promise.all([nationalCall, localCall]).then(([n, l]) => {
      if (cancelled) return;
      setNational(n);
      setLocal(l);
      setShippingLoading(false);
      setShipping((previous) => {
        if (n.length > 0) {
          const still = previous?.kind === 'national' && n.find((o) => o.courier_code === previous.option.courier_code && o.service === previous.option.service);
          return { kind: 'national', option: still || (n[0] as NationalOption) };
        }
        if (l.length > 0) return { kind: 'local', option: l[0] as LocalOption };
        return null;
      });
    });
    return () => {
      cancelled = true;
    };
  }, [district, city, storeLocation, originDistrict, weight]);

  const summaryItems = useMemo(() => cart.items, [cart.items]);

  if (cart.items.length === 0 && !done) {
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

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = checkoutError({
      itemCount: cart.items.length,
      ...form,
      shipping_province_id: province?.id,
      shipping_city_id: city?.id,
      shipping_district_id: district?.id,
      originDistrictIds: cart.items.map((l) => l.product.business_district_id),
      signedIn: Boolean(session),
      shippingChosen: shipping !== null,
      paymentMethod: payment,
      provider: { name: providerName, channelsAvailable: channelList.length > 0 },
    });
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    const body: OrderPayload = {
      user_id: session?.user.id,
      guest_email: session ? null : form.guest_email,
      total_amount: total,
      payment_method: payment,
      shipping_name: form.shipping_name,
      shipping_address: form.shipping_address,
      shipping_province_id: province?.id ?? null,
      shipping_province: province?.name ?? null,
      shipping_city_id: city?.id ?? null,
      shipping_city: city?.name ?? null,
      shipping_district_id: district?.id ?? null,
      shipping_district: district?.name ?? null,
      shipping_postcode: form.shipping_postcode,
      shipping_phone: form.shipping_phone,
      notes: form.notes || null,
      order_items: cart.items.map((l) => ({
        product_id: l.product.id,
        quantity: l.quantity,
        price: l.unit_price,
        variant_label: l.variant?.label ?? null,
        selected_options: l.selected_options,
      })),
      shipping_courier: shipping?.kind === 'national' ? shipping.option.courier_code : (shipping?.option.courier_name ?? null),
      shipping_service: shipping?.kind === 'national' ? shipping.option.service : 'same-day',
      shipping_cost_breakdown:
        shipping?.kind === 'local'
          ? { type: 'local_courier', courier_id: shipping.option.courier_id, price_id: shipping.option.price_id, cost: shipping.option.effective_price }
          : { type: 'rajaongkir', cost: shippingCost },
    };
    try {
      const { data: order } = await placeOrder(body, idempotencyKey);
      // Spec §4: a gateway's pay page opens in a new tab, right away while the click still counts.
      const url = payment === 'manual' ? null : (order.payment?.pay_url ?? order.payment?.checkout_url);
      if (url) window.open(url, '_blank', 'noopener');
      // Decision 013: a manual transfer stays here too (not /catalog), so the order number, the
      // amount and the accounts are on screen. The panel is shown before the cart empties, so the
      // empty-cart screen never flashes in between.
      await navigate(location.pathname, { replace: true, state: { placedOrder: order, provider: providerName } satisfies Placed });
      cartActions.clear();
      // The submit button sat at the bottom of a long form: start the panel at its first line.
      window.scrollTo({ top: 0 });
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : m.orderFailed);
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    const order = done.placedOrder;
    const manual = isManualTransfer(order);
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <p role="status" className="rounded-xl bg-green-100 p-4 font-semibold text-green-900">
          {manual ? m.successManual : m.successProvider(done.provider)}
        </p>
        <div className="mt-4" data-testid="payment-info">
          <h1 className="text-2xl font-extrabold">Pesanan #{order.id}</h1>
          <p className="mt-1 text-sm text-stone-600">
            Dipesan {formatDateTime(order.created_at)} · {paymentStateText(order)}
          </p>
          <div className="mt-4 grid items-start gap-4 lg:grid-cols-[1fr_380px]">
            {awaitsPayment(order) && <PaymentInstructions order={order} />}
            {/* The summary panel: the link to the order first, as a guest has no other way back. */}
            <div className="space-y-4">
              <div className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
                {order.order_url && (
                  <>
                    <OrderPageLink url={order.order_url} className="block rounded-xl bg-green-800 px-5 py-3 text-center font-bold text-white hover:bg-green-900">
                      Lihat halaman pesanan
                    </OrderPageLink>
                    <p className="mt-2 text-sm text-stone-700">
                      Simpan tautan halaman pesanan ini: di sana Anda dapat melihat status pesanan{manual ? ' dan mengunggah bukti transfer setelah membayar' : ''}.
                    </p>
                  </>
                )}
                <p className="mt-3 text-sm">
                  <Link to={session ? '/pesanan' : '/catalog'} className="font-semibold text-green-800 underline">
                    {session ? 'Lihat di Pesanan Saya' : 'Kembali ke katalog'}
                  </Link>
                </p>
              </div>
              <section aria-labelledby="placed-summary" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
                <h2 id="placed-summary" className="text-lg font-bold">
                  Ringkasan pesanan
                </h2>
                <div className="mt-2">
                  <OrderItems order={order} />
                </div>
                <div className="mt-3 border-t border-stone-200 pt-3">
                  <OrderTotals order={order} />
                </div>
              </section>
            </div>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/cart" className="text-sm font-semibold text-green-800 hover:underline">
        ← Kembali ke keranjang
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold">Checkout</h1>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
        <section aria-labelledby="recipient" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 id="recipient" className="text-lg font-bold">
            Data penerima
          </h2>
          {!session && <Field id="guest_email" label="Email" type="email" autoComplete="email" value={form.guest_email} onChange={set('guest_email')} />}
          <Field id="shipping_name" label="Nama penerima" autoComplete="name" value={form.shipping_name} onChange={set('shipping_name')} />
          <div>
            <label htmlFor="shipping_address" className="block text-sm font-semibold">
              Alamat lengkap <span aria-hidden="true" className="text-red-700">*</span>
            </label>
            <textarea id="shipping_address" required rows={3} value={form.shipping_address} onChange={set('shipping_address')} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2.5" />
          </div>
          {provinces.isError && <p className="text-sm text-red-700">{m.provincesFailed}</p>}
          <div className="grid gap-4 sm:grid-cols-3">
            <AreaSelect id="province" label="Provinsi" areas={provinces.data} value={province?.id ?? null} onChange={(a) => { setProvince(a); setCity(null); setDistrict(null); setShipping(null); setNational([]); setLocal([]); }} />
            <AreaSelect id="city" label="Kota/Kabupaten" areas={cities.data} value={city?.id ?? null} disabled={!province} onChange={(a) => { setCity(a); setDistrict(null); setShipping(null); setNational([]); setLocal([]); }} />
            <AreaSelect id="district" label="Kecamatan" areas={districts.data} value={district?.id ?? null} disabled={!city} onChange={(a) => { setDistrict(a); setShipping(null); setNational([]); setLocal([]); }} />
          </div>
          {cities.isError && <p className="text-sm text-red-700">{m.citiesFailed}</p>}
          {districts.isError && <p className="text-sm text-red-700">{m.districtsFailed}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="shipping_postcode" label="Kode pos" inputMode="numeric" autoComplete="postal-code" value={form.shipping_postcode} onChange={set('shipping_postcode')} />
            <Field id="shipping_phone" label="Nomor telepon" type="tel" autoComplete="tel" value={form.shipping_phone} onChange={set('shipping_phone')} />
          </div>
          <div>
            <label htmlFor="notes" className="block text-sm font-semibold">
              Catatan pesanan (opsional)
            </label>
            <textarea id="notes" rows={2} value={form.notes} onChange={set('notes')} className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2.5" />
          </div>

          <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
            <div className="flex items-center justify-between gap-3">
              <div>
                <p className="font-semibold">Pengiriman</p>
                <p className="text-sm text-stone-700" data-testid="shipping-choice">
                  {shipping
                    ? shipping.kind === 'local'
                      ? `${shipping.option.courier_name} · Same-day delivery · ${formatRupiah(shipping.option.effective_price)}`
                      : `${shipping.option.courier_name} ${shipping.option.service} · ${shipping.option.estimated_delivery} hari · ${formatRupiah(shipping.option.cost)}`
                    : shippingLoading
                      ? 'Menghitung ongkos kirim...'
                      : 'Belum dipilih'}
                </p>
              </div>
              <button type="button" disabled={!district || shippingLoading} onClick={() => setModal('shipping')} className="rounded-lg px-3 py-2 text-sm font-semibold text-green-800 ring-1 ring-green-800 disabled:opacity-50">
                Pilih layanan pengiriman
              </button>
            </div>
            <p className="mt-2 text-xs text-stone-600">Kurir lokal (same-day delivery) hanya tersedia di dalam {storeLocation?.city_name ?? 'kota toko'}.</p>
            {district && !shippingLoading && local.length === 0 && isLocalDestination(city?.id, storeLocation?.city_id) && <p className="mt-1 text-xs text-stone-600">{m.noLocalCourier}</p>}
            {district && !shippingLoading && national.length === 0 && local.length === 0 && <p className="mt-1 text-sm text-red-700">{shippingError ?? m.noServiceAtAll}</p>}
            {district && !shippingLoading && national.length === 0 && local.length > 0 && <p className="mt-1 text-xs text-stone-600">{m.noNationalService}</p>}
          </div>

          <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
            <div className="flex items-center justify-between gap-3">
              <div>
                <p className="font-semibold">Pembayaran</p>
                <p className="text-sm text-stone-700" data-testid="payment-choice">
                  {payment === 'manual' ? 'Transfer bank manual' : (chosenChannel?.name ?? payment)}
                </p>
              </div>
              <button type="button" onClick={() => setModal('payment')} className="rounded-lg px-3 py-2 text-sm font-semibold text-green-800 ring-1 ring-green-800">
                Pilih metode pembayaran
              </button>
            </div>
            {chosenChannel && channels.data?.sandbox === true && <p className="mt-1 text-xs font-semibold text-sky-900">{paymentMessages.sandboxNotice}</p>}
            {channels.isError && <p className="mt-1 text-sm text-red-700">{m.channelsFailed(providerName)}</p>}
          </div>
        </section>

        <aside aria-labelledby="order-summary" className="h-fit rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 id="order-summary" className="text-lg font-bold">
            Ringkasan pesanan
          </h2>
          <ul className="mt-3 space-y-3">
            {summaryItems.map((l) => (
              <li key={l.id} className="flex gap-3 text-sm">
                <div className="h-14 w-14 shrink-0 overflow-hidden rounded-lg">
                  <ProductImage path={l.product.image} alt="" sizes="56px" className="h-full w-full" />
                </div>
                <div className="flex-1">
                  <p className="font-semibold">{l.product.name}</p>
                  {l.variant && <p className="text-stone-600">{l.variant.label}</p>}
                  {l.selected_options.map((o) => (
                    <p key={o.group} className="text-stone-600">
                      {o.group}: {o.value}
                    </p>
                  ))}
                  <p className="text-stone-600">
                    {l.quantity} × {formatRupiah(l.unit_price)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1.5 border-t border-stone-200 pt-3 text-sm">
            <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatRupiah(cart.totalAmount)}</dd></div>
            <div className="flex justify-between"><dt>Ongkos kirim</dt><dd>{formatRupiah(shippingCost)}</dd></div>
            <div className="flex justify-between"><dt>Pajak</dt><dd>{formatRupiah(0)}</dd></div>
            {fee > 0 && <div className="flex justify-between"><dt>Biaya pembayaran</dt><dd>{formatRupiah(fee)}</dd></div>}
            <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold"><dt>Total</dt><dd data-testid="checkout-total">{formatRupiah(total)}</dd></div>
            <div className="flex justify-between text-stone-600"><dt>Berat</dt><dd>{formatGrams(weight)}</dd></div>
          </dl>
          {error && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button type="submit" disabled={submitting} className="mt-4 w-full rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60">
            {submitting ? 'Memproses...' : 'Buat pesanan'}
          </button>
          <p className="mt-2 text-xs text-stone-600">Konfirmasi pembayaran dilakukan maksimal 24 jam setelah checkout.</p>
        </aside>
      </form>

      {modal === 'shipping' && (
        <Modal title="Pilih layanan pengiriman" onClose={() => setModal(null)}>
          {local.length > 0 && (
            <fieldset>
              <legend className="font-semibold">Kurir lokal · Same-day delivery</legend>
              {local.map((o) => (
                <label key={`${o.courier_id}-${o.price_id}`} className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
                  <input type="radio" name="shipping" checked={shipping?.kind === 'local' && shipping.option.price_id === o.price_id} onChange={() => { setShipping({ kind: 'local', option: o }); setModal(null); }} />
                  <span className="flex-1">{o.courier_name} <span className="text-xs text-stone-600">({o.region})</span></span>
                  <b>{formatRupiah(o.effective_price)}</b>
                </label>
              ))}
            </fieldset>
          )}
          {national.length > 0 && (
            <fieldset className="mt-4">
              <legend className="font-semibold">Kurir nasional</legend>
              {national.map((o) => (
                <label key={`${o.courier_code}-${o.service}`} className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
                  <input type="radio" name="shipping" checked={shipping?.kind === 'national' && shipping.option.courier_code === o.courier_code && shipping.option.service === o.service} onChange={() => { setShipping({ kind: 'national', option: o }); setModal(null); }} />
                  <span className="flex-1">{o.courier_name} {o.service} <span className="text-xs text-stone-600">({o.estimated_delivery} hari)</span></span>
                  <b>{formatRupiah(o.cost)}</b>
                </label>
              ))}
            </fieldset>
          )}
          {local.length === 0 && national.length === 0 && <p>{m.noServiceAtAll}</p>}
        </Modal>
      )}
      {modal === 'payment' && (
        <Modal title="Pilih metode pembayaran" onClose={() => setModal(null)}>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
            {/* onClick too: choosing the method already chosen fires no change, yet must close the chooser. */}
            <input type="radio" name="payment" checked={payment === 'manual'} onChange={() => setPayment('manual')} onClick={() => setModal(null)} />
            <span className="flex-1">Transfer bank manual <span className="block text-xs text-stone-600">Dikonfirmasi admin dalam 24 jam</span></span>
          </label>
          {sandboxChannels && (
            <p className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm font-semibold text-sky-900 ring-1 ring-sky-200" data-testid="sandbox-notice">
              {paymentMessages.sandboxNotice}
            </p>
          )}
          {channelList.map((c) => (
            <label key={c.code} className="mt-2 flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200">
              <input type="radio" name="payment" checked={payment === `tripay:${c.code}`} onChange={() => setPayment(`tripay:${c.code}`)} onClick={() => setModal(null)} />
              <span className="flex-1">{c.name} <span className="block text-xs text-stone-600">{providerName}</span></span>
              {customerFee(c.fee_customer, cart.totalAmount + shippingCost) > 0 && <span className="text-xs">+{formatRupiah(customerFee(c.fee_customer, cart.totalAmount + shippingCost))}</span>}
            </label>
          ))}
        </Modal>
      )}
    </div>
  );
}
