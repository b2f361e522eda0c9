/**
 * The order list's filter, kept in the URL so a link opens the same view (its search box is
 * useDebouncedSearch); `?order=N` (the dashboard's and the bell's links) names an order whose panel opens.
 */
import { useSearchParams } from 'react-router';
import { ADMIN_ORDER_SORTS, ORDER_STATUSES, type OrderStatus } from '@pasar/core/orders';
import { useListSort } from '../../components/admin/sorting';
import type { OrderFilter } from './api/admin-orders-api';

export const ORDER_PAGE_SIZES = [10, 20, 50, 100] as const;

export function useOrderFilter(): [OrderFilter, (patch: Partial<OrderFilter>) => void, number | null, () => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const order = useListSort(ADMIN_ORDER_SORTS, { sort: 'created_at', dir: 'desc' });
  const filter: OrderFilter = {
    sort: order.sort,
    dir: order.dir,
    q: params.get('q') ?? '',
    status: status && (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'all',
    payment: params.get('payment') === 'verification' ? 'verification' : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: (ORDER_PAGE_SIZES as readonly number[]).includes(Number(params.get('size'))) ? Number(params.get('size')) : 20,
  };
  // A changed filter drops `order`: the link has been followed, the panel is the page's business now.
  const update = (patch: Partial<OrderFilter>) => {
    const next = { ...filter, page: 1, ...patch };
    const p = new URLSearchParams();
    if (next.q) p.set('q', next.q);
    if (next.status !== 'all') p.set('status', next.status);
    if (next.payment !== 'all') p.set('payment', next.payment);
    if (next.page > 1) p.set('page', String(next.page));
    if (next.page_size !== 20) p.set('size', String(next.page_size));
    // The order the admin chose stays when the filter changes.
    if (params.has('sort')) p.set('sort', order.sort);
    if (params.has('dir')) p.set('dir', order.dir);
    setParams(p, { replace: true });
  };
  const linked = Number(params.get('order'));
  const linkedOrder = Number.isSafeInteger(linked) && linked > 0 ? linked : null;
  const forgetLinkedOrder = () => {
    if (!params.has('order')) return;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete('order');
        return p;
      },
      { replace: true },
    );
  };
  return [filter, update, linkedOrder, forgetLinkedOrder];
}
