/**
 * The partner's Pesanan (issue 29 §2, decisions 049, 053 and 056): the shipments holding a
 * partner's products, with only its own lines, the deadline to send, and whether it may act.
 * A partner prepares ("Siapkan") and sends ("Kirim") a shipment whose lines are all its own; a
 * shipment mixing partners is sent by the office.
 */
import { z } from 'zod';
import { countFields, pageFields, pageQueryField } from '../common/index';
import { labelled } from '../common/labelled';
import { SHIPMENT_KINDS, SHIPMENT_STATUSES, shippingAddressFields, type ShipmentStatus } from '../shipments/index';
import { storePeriodStart, DEFAULT_TIME_ZONE } from '../time/index';

/** The corner's tabs, in the order a partner works through them. */
export const {
  values: PARTNER_SHIPMENT_FILTERS,
  labels: partnerShipmentFilterLabels,
} = labelled(['to_send', 'shipped', 'done', 'cancelled'], {
  to_send: 'Perlu dikirim',
  shipped: 'Dikirim',
  done: 'Selesai',
  cancelled: 'Dibatalkan',
});
export type PartnerShipmentFilter = (typeof PARTNER_SHIPMENT_FILTERS)[number];

export const PARTNER_SHIPMENT_PAGE_SIZE = 20;

/**
 * The tab a shipment belongs in. A cancelled order's open shipments read "Dibatalkan" even when
 * the cancel left their rows as they were (the order desk's shownShipmentStatus); a received parcel
 * stays done. The list's SQL mirrors this function (partner-shipments.repository.ts).
 */
export function partnerShipmentFilterOf(shipmentStatus: ShipmentStatus, orderStatus: string): PartnerShipmentFilter {
  if (shipmentStatus === 'cancelled' || (orderStatus === 'cancelled' && shipmentStatus !== 'received')) return 'cancelled';
  if (shipmentStatus === 'packing') return 'to_send';
  if (shipmentStatus === 'shipped') return 'shipped';
  return 'done';
}

/**
 * The deadline to send: the end of the store's day `days` days after the payment's day. A partner
 * reads a date ("kirim paling lambat 29 Nov"), so a payment at 23:50 and one at 08:00 of the same
 * day share one deadline; the store's day is in its time zone, not the server's.
 */
export function shipDeadline(paidAt: Date, days: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const dayStart = storePeriodStart(paidAt, 'day', timeZone);
  // Indonesian zones keep one offset all year, so whole days of 24 h land on the store's midnights.
  return new Date(dayStart.getTime() + (days + 1) * 24 * 60 * 60 * 1000 - 1);
}

/** Late: still to send after its deadline. A parcel already sent, or cancelled, is never late. */
export function isShipmentLate(deadline: Date, filter: PartnerShipmentFilter, now: Date): boolean {
  return filter === 'to_send' && now.getTime() > deadline.getTime();
}

export const partnerShipmentMessages = {
  notFound: 'Pesanan tidak ditemukan.',
  mixed: 'Paket ini juga berisi barang mitra lain, jadi dikirim oleh kantor Dinas.',
  unpaid: 'Pesanan belum dibayar: paket tidak dapat disiapkan atau dikirim sebelum pembayaran diterima.',
  refunded: 'Dana pesanan ini sudah dikembalikan kepada pembeli: paket tidak dikirim.',
  orderCancelled: 'Pesanan sudah dibatalkan.',
  alreadyShipped: 'Paket ini sudah dikirim.',
  prepared: 'Paket ditandai sedang disiapkan.',
  shipped: 'Paket ditandai dikirim.',
  /** The timeline line the order desk and the buyer read. */
  preparedEvent: (business: string) => `Paket sedang disiapkan oleh mitra ${business}.`,
  late: 'Terlambat',
  empty: {
    to_send: 'Belum ada paket yang perlu dikirim.',
    shipped: 'Belum ada paket dalam perjalanan.',
    done: 'Belum ada paket yang selesai.',
    cancelled: 'Tidak ada paket yang dibatalkan.',
  } satisfies Record<PartnerShipmentFilter, string>,
} as const;

/**
 * Why a partner may not prepare or send a shipment, first failure wins, or null: the order
 * cancelled, the money not in, a shipment that is not all its own, the parcel already gone.
 */
export function partnerShipmentRefusal(facts: { orderStatus: string; paymentStatus: string; shipmentStatus: ShipmentStatus; mixed: boolean }): string | null {
  if (facts.orderStatus === 'cancelled' || facts.shipmentStatus === 'cancelled') return partnerShipmentMessages.orderCancelled;
  if (facts.paymentStatus === 'refunded') return partnerShipmentMessages.refunded;
  if (facts.paymentStatus !== 'paid') return partnerShipmentMessages.unpaid;
  if (facts.mixed) return partnerShipmentMessages.mixed;
  if (facts.shipmentStatus !== 'packing') return partnerShipmentMessages.alreadyShipped;
  return null;
}

/** The order's code as the order desk shows it ("#123"). */
export const orderCode = (orderId: number) => `#${orderId}`;

export const partnerShipmentItemSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  variant_label: z.string().nullable(),
  options: z.array(z.object({ group: z.string(), value: z.string() })),
  quantity: z.number().int(),
});
export type PartnerShipmentItem = z.infer<typeof partnerShipmentItemSchema>;

/** A shipment as the partner's corner shows it: its own lines only, never another partner's. */
export const partnerShipmentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_code: z.string(),
  ordered_at: z.string(),
  paid_at: z.string().nullable(),
  buyer_name: z.string(),
  buyer_phone: z.string().nullable(),
  ...shippingAddressFields,
  kind: z.enum(SHIPMENT_KINDS),
  /** The courier as shoppers know it ("JNE", a local courier's name). */
  courier_name: z.string(),
  service: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The status as the corner shows it: "Dibatalkan" for a cancelled order's open parcel. */
  status_label: z.string(),
  filter: z.enum(PARTNER_SHIPMENT_FILTERS),
  prepared_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** Send by this instant (the end of the store's day); null while the order is not paid. */
  ship_by: z.string().nullable(),
  late: z.boolean(),
  resi_required: z.boolean(),
  /** This partner sent it from its corner (it is owed the shipping, decision 053). */
  shipped_by_partner: z.boolean(),
  items: z.array(partnerShipmentItemSchema),
  /** "Siapkan" / "Kirim" are possible; else `cannot_act_reason` says why (null once sent: nothing to do). */
  can_act: z.boolean(),
  cannot_act_reason: z.string().nullable(),
  version: z.number().int(),
});
export type PartnerShipment = z.infer<typeof partnerShipmentSchema>;

export const partnerShipmentQuerySchema = z.object({
  status: z.enum(PARTNER_SHIPMENT_FILTERS, { error: 'Filter pesanan tidak dikenal.' }).default('to_send'),
  page: pageQueryField('Halaman tidak valid.'),
});
export type PartnerShipmentQuery = z.infer<typeof partnerShipmentQuerySchema>;

export const partnerShipmentListSchema = z.object({
  ...pageFields(partnerShipmentSchema),
  /** Per tab, so each tab says how many it holds. */
  counts: z.object(countFields(PARTNER_SHIPMENT_FILTERS)),
});
export type PartnerShipmentList = z.infer<typeof partnerShipmentListSchema>;

/** "Kirim" from the corner: the resi (required for a national courier, server-checked) and the version read. */
export const partnerShipSchema = z.object({
  tracking_number: z
    .string({ error: 'Nomor resi harus berupa teks.' })
    .trim()
    .max(60, { error: 'Nomor resi maksimal 60 karakter.' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  version: z.number().int().optional(),
});
export type PartnerShipInput = z.input<typeof partnerShipSchema>;

/** The packing slip's two sizes: a 58 mm thermal roll and an A4 sheet. */
export const SLIP_SIZES = ['58', 'a4'] as const;
export type SlipSize = (typeof SLIP_SIZES)[number];
export function slipSize(value: string | null | undefined): SlipSize {
  return value === 'a4' ? 'a4' : '58';
}

/** The address on one line per part, as a slip and a card print it. */
export function shippingAddressLines(s: Pick<PartnerShipment, 'shipping_address' | 'shipping_district' | 'shipping_city' | 'shipping_province' | 'shipping_postcode'>): string[] {
  const area = [s.shipping_district ? `Kec. ${s.shipping_district}` : null, s.shipping_city].filter(Boolean).join(', ');
  const region = [s.shipping_province, s.shipping_postcode].filter(Boolean).join(' ');
  return [s.shipping_address, area, region].filter((line): line is string => Boolean(line && line.trim()));
}
