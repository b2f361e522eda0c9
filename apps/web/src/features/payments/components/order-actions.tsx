/**
 * The buyer's own actions on the order page (issue 28): "Batalkan" an order not yet paid (the
 * stock goes back; a paid order is the shop's refund, not this button) and "Beli lagi", which puts
 * the order's products back in the cart at today's prices and opens it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@pasar/core/checkout';
import type { Product } from '@pasar/core/catalog';
import { ApiError, api } from '../../../lib/api-client';
import { cartActions, lineFor } from '../../../lib/cart';
import { buyAgainLines, canBuyerCancel } from '../../../components/orders/shipment-actions';
import type { OrderRef } from '../api/payments-api';
import { useBuyerOrderAction } from '../api/buyer-actions-api';

export function OrderActions({ order, orderRef }: { order: Order; orderRef: OrderRef }) {
  const action = useBuyerOrderAction(orderRef);
  const navigate = useNavigate();
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [adding, setAdding] = useState(false);

  const cancel = async () => {
    if (!window.confirm(`Batalkan pesanan #${order.id}? Pesanan yang dibatalkan tidak dapat dibayar lagi.`)) return;
    setNote(null);
    try {
      const result = await action.mutateAsync({ kind: 'cancel' });
      setNote({ tone: 'ok', text: result.message ?? 'Pesanan dibatalkan.' });
    } catch (error) {
      setNote({ tone: 'error', text: error instanceof ApiError && error.message ? error.message : 'Gagal membatalkan pesanan. Silakan coba lagi.' });
    }
  };

  const buyAgain = async () => {
    setAdding(true);
    setNote(null);
    const refused: string[] = [];
    for (const line of buyAgainLines(order)) {
      try {
        const product = await api<Product>(`/catalog/products/${line.productId}`);
        const refusal = cartActions.add(lineFor(product, line.variantLabel, line.options, line.quantity));
        if (refusal) refused.push(refusal);
      } catch {
        refused.push(`${order.order_items.find((i) => i.product_id === line.productId)?.product_name ?? 'Produk'} tidak tersedia lagi.`);
      }
    }
    setAdding(false);
    if (refused.length === buyAgainLines(order).length) {
      setNote({ tone: 'error', text: refused.join(' ') });
      return;
    }
    void navigate('/cart', refused.length > 0 ? { state: { notice: refused.join(' ') } } : undefined);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {canBuyerCancel(order) && (
        <button type="button" className="rounded-xl px-4 py-2 text-sm font-bold text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60" disabled={action.isPending} onClick={() => void cancel()}>
          Batalkan
        </button>
      )}
      <button type="button" className="rounded-xl bg-white px-4 py-2 text-sm font-bold text-green-900 ring-1 ring-green-700 hover:bg-green-50 disabled:opacity-60" disabled={adding} onClick={() => void buyAgain()}>
        {adding ? 'Menambahkan…' : 'Beli lagi'}
      </button>
      {note && (
        <p role={note.tone === 'ok' ? 'status' : 'alert'} className={`w-full rounded-lg px-3 py-2 text-sm ${note.tone === 'ok' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}>
          {note.text}
        </p>
      )}
    </div>
  );
}
