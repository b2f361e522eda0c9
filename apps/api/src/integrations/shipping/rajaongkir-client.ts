/**
 * RajaOngkir (Komerce) V2 client (docs/integrations.md §1–1.4): header `key`, every answer
 * `{ meta: { code, message, status }, data }` where success is meta.code 200; district-based
 * cost calculation with a form-encoded body and weight in grams.
 */
import type { Area } from '@pasar/core/locations';
import type { ShippingOption } from '@pasar/core/shipping';
import { displayName } from '../locations/embedded-areas';
import { ProviderFailure, providerFetch, TtlCache } from '../http';

interface Meta {
  code?: number;
  message?: string;
}

export interface RajaOngkirConfig {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** '1-4 day', '2 day', '2-3 hari', '' → '1-4', '2', '2-3', '' */
export function parseEtd(etd: unknown): string {
  const match = /(\d+)\s*(?:-\s*(\d+))?/.exec(String(etd ?? ''));
  if (!match) return '';
  return match[2] && match[2] !== match[1] ? `${match[1]}-${match[2]}` : (match[1] ?? '');
}

export class RajaOngkirClient {
  private readonly lists = new TtlCache<Area[]>(24 * 60 * 60 * 1000);

  constructor(private readonly config: RajaOngkirConfig) {}

  private async call(path: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}): Promise<unknown> {
    const { json } = await providerFetch(`${this.config.baseUrl.replace(/\/$/, '')}${path}`, {
      method: init.method ?? 'GET',
      headers: { key: this.config.apiKey, ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      timeoutMs: this.config.timeoutMs,
      retries: 1,
    });
    const meta = (json as { meta?: Meta } | undefined)?.meta;
    if (meta?.code !== 200) throw new ProviderFailure(meta?.message ?? 'RajaOngkir answered without success', 'provider', meta?.code);
    return (json as { data?: unknown }).data;
  }

  /** A form POST on the API (tracking, issue 28); the answer's `data`. */
  post(path: string, form: Record<string, string>): Promise<unknown> {
    return this.call(path, { method: 'POST', form });
  }

  private async areas(path: string): Promise<Area[]> {
    return this.lists.get(path, async () => {
      const data = await this.call(path);
      if (!Array.isArray(data)) throw new ProviderFailure('RajaOngkir list was not an array', 'provider');
      return data.map((d: { id: number | string; name: string }) => ({ id: Number(d.id), name: displayName(String(d.name)) }));
    });
  }

  provinces(): Promise<Area[]> {
    return this.areas('/destination/province');
  }

  cities(provinceId: number): Promise<Area[]> {
    return this.areas(`/destination/city/${provinceId}`);
  }

  districts(cityId: number): Promise<Area[]> {
    return this.areas(`/destination/district/${cityId}`);
  }

  async cost(input: { originDistrictId: number; destinationDistrictId: number; weightGrams: number; couriers: string[] }): Promise<ShippingOption[]> {
    const data = await this.call('/calculate/district/domestic-cost', {
      method: 'POST',
      form: {
        origin: String(input.originDistrictId),
        destination: String(input.destinationDistrictId),
        weight: String(input.weightGrams),
        courier: input.couriers.join(':'),
        price: 'lowest',
      },
    });
    if (!Array.isArray(data)) return [];
    return data
      .map((d: { name?: string; code?: string; service?: string; description?: string; cost?: number | string; etd?: string }) => ({
        courier_code: String(d.code ?? '').toLowerCase(),
        courier_name: String(d.name ?? d.code ?? ''),
        service: String(d.service ?? ''),
        description: String(d.description ?? ''),
        cost: Math.round(Number(d.cost ?? 0)),
        estimated_delivery: parseEtd(d.etd),
      }))
      .filter((o) => o.courier_code && o.service && Number.isFinite(o.cost) && o.cost >= 0)
      .sort((a, b) => a.cost - b.cost);
  }
}

/** One scan of a courier's waybill history, as the tracking adapter reads it. */
export interface WaybillScan {
  happenedAt: Date;
  description: string;
  location: string | null;
}

export interface Waybill {
  delivered: boolean;
  scans: WaybillScan[];
}

/** '2026-11-20' and '13:23' (the courier's local time, WIB unless told) → a Date; unreadable → null. */
export function waybillTime(date: unknown, time: unknown): Date | null {
  const d = /^(\d{4}-\d{2}-\d{2})/.exec(String(date ?? ''))?.[1];
  if (!d) return null;
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(String(time ?? ''));
  const hh = (t?.[1] ?? '00').padStart(2, '0');
  const at = new Date(`${d}T${hh}:${t?.[2] ?? '00'}:${t?.[3] ?? '00'}+07:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Tracking AWB (RajaOngkir V2, POST /track/waybill, form `awb`, `courier`, `last_phone_number`
 * for the couriers that ask for it): `data.delivered`, `data.manifest[]` with manifest_date,
 * manifest_time, manifest_description and city_name.
 */
export async function trackWaybill(client: RajaOngkirClient, input: { awb: string; courier: string; lastPhoneNumber?: string | undefined }): Promise<Waybill> {
  const data = (await client.post('/track/waybill', {
    awb: input.awb,
    courier: input.courier,
    ...(input.lastPhoneNumber ? { last_phone_number: input.lastPhoneNumber } : {}),
  })) as { delivered?: unknown; manifest?: unknown } | null;
  const manifest = Array.isArray(data?.manifest) ? (data.manifest as Record<string, unknown>[]) : [];
  const scans: WaybillScan[] = [];
  for (const m of manifest) {
    const happenedAt = waybillTime(m.manifest_date, m.manifest_time);
    const description = String(m.manifest_description ?? '').trim();
    if (!happenedAt || !description) continue;
    const city = String(m.city_name ?? '').trim();
    scans.push({ happenedAt, description, location: city || null });
  }
  return { delivered: data?.delivered === true, scans };
}
