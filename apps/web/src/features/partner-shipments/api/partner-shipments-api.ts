/** The partner's Pesanan (issue 29, /mitra/pesanan): GET /mitra/shipments, one shipment, Siapkan and Kirim. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PartnerShipment, PartnerShipmentFilter, PartnerShipmentList } from '@pasar/core/partner-shipments';
import { api, apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/mutations';

/**
 * Under the corner's 'mitra' key prefix (mitra-shell's mitraKey; features do not import each
 * other), so signing out of the corner forgets them.
 */
const key = ['mitra', 'shipments'] as const;

export const usePartnerShipments = (status: PartnerShipmentFilter, page: number) =>
  useQuery({
    queryKey: [...key, 'list', status, page],
    queryFn: ({ signal }) => api<PartnerShipmentList>(`/mitra/shipments?status=${status}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePartnerShipment = (id: number) =>
  useQuery({ queryKey: [...key, 'one', id], queryFn: ({ signal }) => api<PartnerShipment>(`/mitra/shipments/${id}`, { signal }), enabled: Number.isInteger(id) && id > 0 });

export type PartnerShipmentAction = { kind: 'prepare'; id: number } | { kind: 'ship'; id: number; tracking_number: string; version: number };

export function usePartnerShipmentAction() {
  return useInvalidatingMutation(
    (action: PartnerShipmentAction) =>
      action.kind === 'prepare'
        ? apiRequest<PartnerShipment>(`/mitra/shipments/${action.id}/prepare`, { method: 'POST' })
        : apiRequest<PartnerShipment>(`/mitra/shipments/${action.id}/ship`, {
            method: 'POST',
            body: { ...(action.tracking_number.trim() ? { tracking_number: action.tracking_number.trim() } : {}), version: action.version },
          }),
    // Every tab's count moves with a send, so the whole corner's shipments are read again.
    [key],
  );
}
