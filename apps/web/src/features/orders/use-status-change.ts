/** A status change from the order list or panel: the orders being updated, so their buttons wait meanwhile. */
import { useState } from 'react';
import { adminOrderMessages, type AdminOrder, type OrderStatus } from '@pasar/core/orders';
import { failureMessage } from '../../components/form';
import { useChangeOrderStatus } from './api/admin-orders-api';

export function useStatusChange({ onStart, onDone, onFailed }: { onStart: () => void; onDone: (message: string | null) => void; onFailed: (message: string) => void }) {
  const change = useChangeOrderStatus();
  const [updating, setUpdating] = useState<Set<number>>(new Set());
  const setStatus = async (order: AdminOrder, status: OrderStatus) => {
    onStart();
    setUpdating((s) => new Set(s).add(order.id));
    try {
      const result = await change.mutateAsync({ id: order.id, status, version: order.version });
      onDone(result.message ?? null);
    } catch (error) {
      onFailed(failureMessage(error, adminOrderMessages.updateFailed));
    } finally {
      setUpdating((s) => {
        const next = new Set(s);
        next.delete(order.id);
        return next;
      });
    }
  };
  return { updating, setStatus };
}
