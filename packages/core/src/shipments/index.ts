/**
 * Shipments (issue 28, docs/decisions/049-one-payment-many-shipments.md): an order is what the buyer
 * pays; each origin of its cart (a partner's district) sends its own shipment with its own courier,
 * resi and timeline. Statuses run packing → shipped → delivered → received; cancelled ends one.
 */
import { z } from 'zod';

export const SHIPMENT_STATUSES = ['packing', 'shipped', 'delivered', 'received', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  packing: 'Dikemas',
  shipped: 'Dikirim',
  delivered: 'Sampai di tujuan',
  received: 'Diterima',
  cancelled: 'Dibatalkan',
};

export function shipmentStatusLabel(status: string): string {
  return shipmentStatusLabels[status as ShipmentStatus] ?? status;
}

export function isShipmentStatus(value: string): value is ShipmentStatus {
  return (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

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

/** A shipment as the buyer's page, the desk and the API show it. */
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
