import { accountMessages, indonesianPhone } from '../accounts/accounts.schema';

/**
 * Checkout rules of docs/requirements/storefront.md §5, in their order: the first failure wins. The web form
 * and the server run this same function.
 */
export const checkoutMessages = {
  emptyCart: 'Keranjang Anda masih kosong. Tambahkan produk sebelum checkout.',
  shippingInfo: 'Lengkapi seluruh informasi pengiriman yang wajib diisi.',
  location: 'Pilih provinsi, kota/kabupaten, dan kecamatan tujuan pengiriman.',
  mixedOrigin: 'Produk dalam keranjang berasal dari beberapa lokasi asal bisnis. Silakan pisahkan pesanan berdasarkan lokasi asal.',
  guestEmail: 'Email dibutuhkan untuk pesanan tamu.',
  shippingService: 'Pilih layanan pengiriman sebelum melanjutkan.',
  providerUnavailable: (provider: string) => `Metode pembayaran ${provider} belum tersedia. Silakan pilih metode lain.`,
  orderFailed: 'Gagal memproses pesanan. Silakan coba kembali.',
  noLocalCourier: 'Tidak ada kurir lokal tersedia untuk area ini.',
  noServiceAtAll: 'Tidak ada layanan pengiriman yang tersedia untuk area ini. Silakan pilih kecamatan lain atau hubungi admin.',
  noNationalService: 'Tidak ada layanan pengiriman nasional tersedia untuk tujuan ini.',
  storeLocationIncomplete: 'Tidak dapat menghitung biaya pengiriman. Data lokasi toko tidak lengkap.',
  shippingCostFailed: 'Gagal menghitung biaya pengiriman. Silakan coba lagi.',
  provincesFailed: 'Gagal memuat daftar provinsi. Silakan muat ulang halaman.',
  citiesFailed: 'Gagal memuat kota/kabupaten. Silakan coba lagi.',
  districtsFailed: 'Gagal memuat kecamatan. Silakan coba lagi.',
  channelsFailed: (provider: string) => `Gagal memuat metode pembayaran ${provider}. Silakan coba lagi.`,
  successManual: 'Pesanan berhasil dibuat. Terima kasih!',
  successProvider: (provider: string) => `Pesanan berhasil dibuat. Selesaikan pembayaran melalui ${provider}.`,
  // Not in the spec (issue 28, decision 049): a cart from several origins is one payment with one shipment per origin.
  originsShipSeparately: (count: number) => `Pesanan ini dikirim dalam ${count} kiriman terpisah, satu dari setiap lokasi asal, dengan satu pembayaran.`,
  localOnly: (product: string, origin: string) => `${product} hanya dikirim dengan kurir lokal. Pilih kurir lokal untuk kiriman dari ${origin}.`,
  pricesChanged: 'Harga berubah sejak produk dimasukkan ke keranjang. Keranjang sudah diperbarui; periksa total baru lalu buat pesanan lagi.',
  // Not in the spec (issue 31): a postcode or phone that cannot be one no longer makes an order.
  postcodeInvalid: 'Kode pos harus 5 angka.',
  phoneInvalid: accountMessages.phoneInvalid,
  quoteUsed: 'Ringkasan pesanan ini sudah dipakai. Muat ulang halaman checkout, lalu buat pesanan lagi.',
} as const;

export interface CheckoutState {
  itemCount: number;
  shipping_name?: string | null | undefined;
  shipping_address?: string | null | undefined;
  shipping_postcode?: string | null | undefined;
  shipping_phone?: string | null | undefined;
  shipping_province_id?: number | null | undefined;
  shipping_city_id?: number | null | undefined;
  shipping_district_id?: number | null | undefined;
  /** The origin district of each item's business (null when the business has none). */
  originDistrictIds: readonly (number | null)[];
  signedIn: boolean;
  guest_email?: string | null | undefined;
  shippingChosen: boolean;
  /** 'manual' or '<provider>:<channel>'. */
  paymentMethod: string;
  /** Provider name of the online channels (as the registry names it) and whether any are available. */
  provider: { name: string; channelsAvailable: boolean };
  /** A quote asked before the recipient is typed (POST /orders/quote): name, address, postcode and phone are not checked. */
  quote?: boolean;
}

/** Five digits, the only shape of an Indonesian kode pos. */
export const POSTCODE_PATTERN = /^\d{5}$/;
export const isPostcode = (value: string) => POSTCODE_PATTERN.test(value.trim());

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
const chosen = (v: number | null | undefined) => typeof v === 'number' && v > 0;

/**
 * The checkout input a failed rule points at, named as in the order payload; 'shipping_service' is
 * the shipping chooser and 'payment_method' the payment chooser. An empty cart points at no input.
 */
export type CheckoutField =
  | 'shipping_name'
  | 'shipping_address'
  | 'shipping_postcode'
  | 'shipping_phone'
  | 'shipping_province_id'
  | 'shipping_city_id'
  | 'shipping_district_id'
  | 'guest_email'
  | 'shipping_service'
  | 'payment_method';

export interface CheckoutFailure {
  message: string;
  /** The first input of the failed rule still missing, so a screen can mark it and bring it into view. */
  field: CheckoutField | null;
}

/**
 * The first rule that fails (spec §5, in its order), with the first input it finds missing (in
 * the rule's own order: name, address, postcode, phone; province, city, district), or null when
 * the checkout may go on. The messages are the spec's; which input they belong to is ours.
 */
export function checkoutFailure(state: CheckoutState): CheckoutFailure | null {
  if (state.itemCount <= 0) return { message: checkoutMessages.emptyCart, field: null };
  if (!state.quote) {
    const text = (['shipping_name', 'shipping_address', 'shipping_postcode', 'shipping_phone'] as const).find((f) => !filled(state[f]));
    if (text) return { message: checkoutMessages.shippingInfo, field: text };
    // Issue 31: filled is not enough, right after rule 2 as it is about the same inputs.
    if (!isPostcode(state.shipping_postcode ?? '')) return { message: checkoutMessages.postcodeInvalid, field: 'shipping_postcode' };
    if (indonesianPhone(state.shipping_phone ?? '') === null) return { message: checkoutMessages.phoneInvalid, field: 'shipping_phone' };
  }
  const area = (['shipping_province_id', 'shipping_city_id', 'shipping_district_id'] as const).find((f) => !chosen(state[f]));
  if (area) return { message: checkoutMessages.location, field: area };
  // Rule 4 is information, not a failure (decision 049): each origin ships separately under one payment (mixedOriginNotice).
  if (!state.signedIn && !filled(state.guest_email)) return { message: checkoutMessages.guestEmail, field: 'guest_email' };
  if (!state.shippingChosen) return { message: checkoutMessages.shippingService, field: 'shipping_service' };
  if (state.paymentMethod !== 'manual' && !state.provider.channelsAvailable) return { message: checkoutMessages.providerUnavailable(state.provider.name), field: 'payment_method' };
  return null;
}

/** The message of the first rule that fails, or null when the checkout may go on. */
export function checkoutError(state: CheckoutState): string | null {
  return checkoutFailure(state)?.message ?? null;
}

/**
 * The spec's rule 4 text, shown as information on the cart and checkout when the cart comes from
 * several origins (decision 049 keeps the text and drops the refusal); null for one origin.
 */
export function mixedOriginNotice(originDistrictIds: readonly (number | null)[]): string | null {
  return distinctOrigins(originDistrictIds).length > 1 ? checkoutMessages.mixedOrigin : null;
}

/** Distinct known origin districts of a cart (items without a business district do not count). */
export function distinctOrigins(originDistrictIds: readonly (number | null)[]): number[] {
  return [...new Set(originDistrictIds.filter((d): d is number => typeof d === 'number' && d > 0))];
}

/**
 * Shipping weight (decision 065): each unit weighs its product's "Berat (gram)", 500 g when a line
 * does not know it (the spec's estimate, §7, §9: "500 per unit of cart quantity, minimum 100");
 * at least 100 g. The checkout's page, its quote and the order (each origin's shipment) weigh the
 * same lines with this one function.
 */
export const GRAMS_PER_UNIT = 500;
export const MIN_SHIPPING_GRAMS = 100;

export interface WeighedLine {
  quantity: number;
  /** The product's weight of one unit; absent or not positive means unknown. */
  weight_grams?: number | null;
}

export function unitWeight(weightGrams: number | null | undefined): number {
  return typeof weightGrams === 'number' && Number.isFinite(weightGrams) && weightGrams > 0 ? Math.round(weightGrams) : GRAMS_PER_UNIT;
}

export function shippingWeight(lines: readonly WeighedLine[]): number {
  const grams = lines.reduce((sum, l) => sum + unitWeight(l.weight_grams) * Math.max(0, Math.floor(l.quantity)), 0);
  return Math.max(MIN_SHIPPING_GRAMS, grams);
}

/** A cart's (or an origin group's) lines, weighed by the products they hold. */
export function cartWeight(lines: readonly { quantity: number; product: { weight_grams?: number | null } }[]): number {
  return shippingWeight(lines.map((l) => ({ quantity: l.quantity, weight_grams: l.product.weight_grams })));
}

/** Local courier options apply only when the destination city is the store's city (spec §4, §9). */
export function isLocalDestination(destinationCityId: number | null | undefined, storeCityId: number | null | undefined): boolean {
  return chosen(destinationCityId) && chosen(storeCityId) && destinationCityId === storeCityId;
}

/** Courier codes the checkout asks national rates for (spec §7). */
export const NATIONAL_COURIERS = ['jne', 'sicepat', 'ide', 'sap', 'jnt', 'ninja', 'tiki', 'lion', 'anteraja', 'pos', 'ncs', 'rex', 'rpx', 'sentral', 'star', 'wahana', 'dse'] as const;

/** Parses 'manual' or 'provider:CHANNEL'. */
export function parsePaymentMethod(value: string): { kind: 'manual' } | { kind: 'provider'; provider: string; channel: string } {
  if (value === 'manual') return { kind: 'manual' };
  const [provider, channel] = value.split(':');
  if (provider && channel) return { kind: 'provider', provider, channel };
  return { kind: 'manual' };
}

/** A payment fee from a channel's customer fee (flat + percent of the amount), whole rupiah. */
export function customerFee(fee: { flat: number; percent: number | string } | null | undefined, amount: number): number {
  if (!fee) return 0;
  const percent = Number(fee.percent) || 0;
  return Math.max(0, Math.round((Number(fee.flat) || 0) + (amount * percent) / 100));
}
