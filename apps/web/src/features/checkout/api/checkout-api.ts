/** Checkout calls (storefront spec §7). */
import { useQuery } from '@tanstack/react-query';
import type { Order, OrderPayload } from '@pasar/core/checkout';
import type { StoreLocation, BankAccount } from '@pasar/core/settings';
import { api, apiRequest } from '../../../lib/api-client';

export interface Area {
  id: number;
  name: string;
}
export interface NationalOption {
  courier_code: string;
  courier_name: string;
  service: string;
  description: string;
  cost: number;
  estimated_delivery: string;
}
export interface LocalOption {
  courier_id: number;
  price_id: number;
  courier_name: string;
  region: string;
  effective_price: number;
  notes: string | null;
}
export interface Channel {
  code: string;
  name: string;
  group: string;
  type: string;
  fee_customer: { flat: number; percent: number };
  minimum_amount: number;
  maximum_amount: number;
  active: boolean;
}

export const useStore = () =>
  useQuery({ queryKey: ['settings', 'store'], queryFn: () => api<{ store_location: StoreLocation | null; bank_account: BankAccount | null }>('/settings/store'), staleTime: 5 * 60_000 });
export const useProvinces = () => useQuery({ queryKey: ['locations', 'provinces'], queryFn: () => api<Area[]>('/locations/rajaongkir/provinces'), staleTime: Infinity });
export const useCities = (provinceId: number | null) =>
  useQuery({ queryKey: ['locations', 'cities', provinceId], queryFn: () => api<Area[]>(`/locations/rajaongkir/provinces/${provinceId}/cities`), enabled: provinceId !== null, staleTime: Infinity });
export const useDistricts = (cityId: number | null) =>
  useQuery({ queryKey: ['locations', 'districts', cityId], queryFn: () => api<Area[]>(`/locations/rajaongkir/cities/${cityId}/districts`), enabled: cityId !== null, staleTime: Infinity });
/** `sandbox`: the embedded demo gateway answers, and no money moves (decision 013). */
export const useChannels = () =>
  useQuery({ queryKey: ['payments', 'channels'], queryFn: () => api<{ channels: Channel[]; provider: string; sandbox: boolean }>('/payments/tripay/channels'), staleTime: 5 * 60_000 });

export function fetchNationalOptions(body: { origin_district_id: number; destination_district_id: number; weight: number; courier: string }) {
  return api<{ options: NationalOption[] }>('/shipping/cost', { method: 'POST', body });
}
export function fetchLocalOptions(districtId: number, cityId: number) {
  return api<{ options: LocalOption[] }>(`/couriers/local-options?district_id=${districtId}&city_id=${cityId}`);
}
export function placeOrder(body: OrderPayload, idempotencyKey: string) {
  return apiRequest<Order>('/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}
