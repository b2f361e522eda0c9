/**
 * Shipments (issue 28, docs/decisions/049-one-payment-many-shipments.md): an order is what the buyer
 * pays; each origin of its cart (a partner's district) sends its own shipment with its own courier,
 * resi and timeline. Statuses run packing → shipped → delivered → received; cancelled ends one.
 */
import { z } from 'zod';
import { labelled } from '../common/labelled';

export const {
  values: SHIPMENT_STATUSES,
  labels: shipmentStatusLabels,
  label: shipmentStatusLabel,
  is: isShipmentStatus,
} = labelled(['packing', 'shipped', 'delivered', 'received', 'cancelled'], {
  packing: 'Dikemas',
  shipped: 'Dikirim',
  delivered: 'Sampai di tujuan',
  received: 'Diterima',
  cancelled: 'Dibatalkan',
});
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_KINDS = ['national', 'local_courier', 'pickup'] as const;
export type ShipmentKind = (typeof SHIPMENT_KINDS)[number];

/**
 * RajaOngkir's courier codes as Indonesian shoppers know the couriers (the codes are what the
 * rate API speaks; "jne REG" on an order page is not).
 */
export const courierNames: Record<string, string> = {
  jne: 'JNE',
  sicepat: 'SiCepat',
  ide: 'ID Express',
  sap: 'SAP Express',
  jnt: 'J&T Express',
  ninja: 'Ninja Xpress',
  tiki: 'TIKI',
  lion: 'Lion Parcel',
  anteraja: 'AnterAja',
  pos: 'POS Indonesia',
  ncs: 'NCS',
  rex: 'REX',
  rpx: 'RPX',
  sentral: 'Sentral Cargo',
  star: 'Star Cargo',
  wahana: 'Wahana',
  dse: 'DSE',
};

/** A courier code's shopper name; an unknown code is shown upper-cased rather than raw. */
export function courierName(code: string | null | undefined): string {
  if (!code) return '';
  return courierNames[code.toLowerCase()] ?? code.toUpperCase();
}

/**
 * An order's `shipping_courier` as shoppers read it: a rate API code becomes its name ("jne" →
 * "JNE"); a local courier's own name ("Kurir Toko") stays as written.
 */
export function orderCourierText(value: string | null | undefined): string {
  if (!value) return '';
  return courierNames[value.toLowerCase()] ?? value;
}

/** Where an order is sent, as the order keeps it (null for the point of sale and pickup). */
export const shippingAddressFields = {
  shipping_address: z.string().nullable(),
  shipping_province: z.string().nullable(),
  shipping_city: z.string().nullable(),
  shipping_district: z.string().nullable(),
  shipping_postcode: z.string().nullable(),
};

export const shipmentEventSchema = z.object({
  id: z.number().int(),
  happened_at: z.string(),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  description: z.string(),
  location: z.string().nullable(),
  /** staff, tracking, buyer or system. */
  source: z.string(),
});
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

/** A shipment as the buyer's page, the order desk and the API show it. */
export const shipmentSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  origin_district_id: z.number().int().nullable(),
  origin_label: z.string().nullable(),
  kind: z.enum(SHIPMENT_KINDS),
  courier_code: z.string().nullable(),
  /** "JNE", "POS Indonesia", a local courier's name. */
  courier_name: z.string().nullable(),
  service: z.string().nullable(),
  cost: z.number().int(),
  status: z.enum(SHIPMENT_STATUSES),
  status_label: z.string(),
  tracking_number: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  received_at: z.string().nullable(),
  /** The order's line ids this shipment sends. */
  item_ids: z.array(z.number().int()),
  events: z.array(shipmentEventSchema),
  version: z.number().int(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * The moves staff, the buyer and the jobs may make. A shipment goes forward only; "received" may
 * come straight from "shipped" (the buyer has it before the courier's scan says so); cancelling
 * is the order's cancel, never a shipment's own action.
 */
const shipmentMoves: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  packing: ['shipped', 'cancelled'],
  shipped: ['delivered', 'received', 'cancelled'],
  delivered: ['received', 'cancelled'],
  received: [],
  cancelled: [],
};

export function canMoveShipment(from: ShipmentStatus, to: ShipmentStatus): boolean {
  return shipmentMoves[from].includes(to);
}

/** A national courier's parcel is only traceable with its resi; a local courier or pickup may have none. */
export function resiRequired(kind: ShipmentKind): boolean {
  return kind === 'national';
}

/**
 * The order status its shipments lead to, or null when they leave it where it is: every
 * shipment still going (not cancelled) on its way or further → shipped; every one received →
 * delivered. An order whose shipments are all cancelled is the order's cancel, not this rule's.
 */
export function orderStatusFromShipments(statuses: readonly ShipmentStatus[]): 'shipped' | 'delivered' | null {
  const live = statuses.filter((s) => s !== 'cancelled');
  if (live.length === 0) return null;
  if (live.every((s) => s === 'received')) return 'delivered';
  if (live.every((s) => s === 'shipped' || s === 'delivered' || s === 'received')) return 'shipped';
  return null;
}

/** When a delivered shipment counts as received without the buyer's word (payment setting shipment_auto_complete_days). */
export function autoCompleteDueAt(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * 24 * 60 * 60 * 1000);
}

/**
 * An online order that is not paid cannot be confirmed, shipped or delivered (issue 28): the goods
 * would leave before the money came. The point of sale is paid at the till.
 */
export function paymentBlocksFulfilment(order: { order_type: string; payment_status: string }): boolean {
  return order.order_type !== 'pos' && order.payment_status !== 'paid';
}

export const shipmentMessages = {
  notFound: 'Pengiriman tidak ditemukan.',
  unpaidOrder: 'Pesanan belum dibayar: pesanan tidak dapat dikonfirmasi atau dikirim sebelum pembayaran diterima.',
  unpaidShipment: 'Pesanan belum dibayar: paket tidak dapat dikirim sebelum pembayaran diterima.',
  resiRequired: 'Nomor resi wajib diisi untuk kurir ekspedisi.',
  cannotMove: (from: string, to: string) => `Pengiriman berstatus ${shipmentStatusLabel(from)} tidak dapat diubah menjadi ${shipmentStatusLabel(to)}.`,
  cancelWithOrder: 'Pengiriman hanya dibatalkan bersama pesanannya.',
  orderCancelled: 'Pesanan sudah dibatalkan.',
  shipped: (courier: string, resi: string | null) => `Paket diserahkan ke ${courier}${resi ? ` dengan nomor resi ${resi}` : ''}.`,
  /** Issue 29: the order desk's timeline says a partner sent it from its corner. */
  sentByPartner: (business: string) => `Dikirim oleh mitra ${business}.`,
  delivered: 'Paket sampai di tujuan.',
  received: 'Pesanan diterima oleh pembeli.',
  autoReceived: (days: number) => `Pesanan dianggap diterima ${days} hari setelah sampai di tujuan.`,
  notYetShipped: 'Paket belum dikirim, jadi belum dapat dikonfirmasi diterima.',
  alreadyReceived: 'Pesanan ini sudah dikonfirmasi diterima.',
  shippedToast: 'Paket ditandai dikirim.',
  deliveredToast: 'Paket ditandai sampai di tujuan.',
  receivedToast: 'Terima kasih! Pesanan dikonfirmasi diterima.',
  eventAdded: 'Catatan pengiriman ditambahkan.',
  trackingUnavailable: 'Pelacakan kurir sedang tidak tersedia; yang tampil adalah catatan toko.',
  buyerCancelPaid: 'Pesanan yang sudah dibayar tidak dapat dibatalkan dari sini. Hubungi toko untuk pengembalian dana.',
  buyerCancelled: 'Pesanan dibatalkan. Stok barang dikembalikan.',
  buyerCancelNote: 'Dibatalkan oleh pembeli sebelum dibayar.',
  alreadyCancelled: 'Pesanan ini sudah dibatalkan.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** "Kirim": the courier as shoppers know it and the service may be corrected; the resi is required for a national courier (server-checked). */
export const shipShipmentSchema = z.object({
  courier_name: optionalText(80),
  service: optionalText(80),
  tracking_number: optionalText(60),
  note: optionalText(500),
  version: z.number().int().optional(),
});
export type ShipShipmentInput = z.input<typeof shipShipmentSchema>;

export const shipmentVersionSchema = z.object({ version: z.number().int().optional(), note: optionalText(500) });

/** A timeline entry staff add ("Paket transit di Semarang"). */
export const shipmentEventInputSchema = z.object({
  description: z.string().trim().min(1, 'Isi catatan pengiriman.').max(500),
  location: optionalText(120),
  happened_at: z.iso.datetime({ offset: true }).optional(),
});
export type ShipmentEventInput = z.input<typeof shipmentEventInputSchema>;

/** GET tracking: the courier's events (RajaOngkir waybill) merged with the shop's timeline. */
export const shipmentTrackingSchema = z.object({
  shipment_id: z.number().int(),
  /** 'rajaongkir' when the courier answered, else 'staff' (no key, no resi, or the courier failed). */
  source: z.enum(['rajaongkir', 'staff']),
  delivered: z.boolean(),
  notice: z.string().nullable(),
  events: z.array(shipmentEventSchema),
});
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;
