/**
 * Shipment tracking (issue 28): a courier's own scans through RajaOngkir's waybill tracking when a
 * RajaOngkir key is configured; otherwise (or for a local courier, a pickup, a parcel without a
 * resi) there is no courier tracker and the timeline staff enter is the tracking.
 */
import { trackWaybill, type RajaOngkirClient, type Waybill } from './rajaongkir-client';

export interface TrackingRequest {
  courierCode: string;
  trackingNumber: string;
  /** The recipient's phone; some couriers (JNE) ask for its last five digits. */
  phone: string | null;
}

export interface Tracker {
  track(request: TrackingRequest): Promise<Waybill>;
}

export function rajaongkirTracker(client: RajaOngkirClient): Tracker {
  return {
    track: ({ courierCode, trackingNumber, phone }) => {
      const digits = (phone ?? '').replace(/\D/g, '');
      return trackWaybill(client, { awb: trackingNumber, courier: courierCode.toLowerCase(), lastPhoneNumber: digits.length >= 5 ? digits.slice(-5) : undefined });
    },
  };
}

/** The tracker the configuration allows, or none (the offline default: staff's timeline only). */
export function trackerFor(providers: { rajaongkir?: RajaOngkirClient }): Tracker | null {
  return providers.rajaongkir ? rajaongkirTracker(providers.rajaongkir) : null;
}
