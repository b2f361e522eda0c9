/**
 * Today's cash drawer at the counter (issue 28 part 4, decision 050): cash sales less cash refunds,
 * what should be in the drawer beyond its float. Refunds by transfer or gateway leave it alone.
 */
import { useQuery } from '@tanstack/react-query';
import { formatRupiah } from '@pasar/core/money';
import type { Drawer } from '@pasar/core/refunds';
import { api } from '../../../lib/api-client';

// Under ['admin'], which a recorded sale reloads.
const useDrawer = () => useQuery({ queryKey: ['admin', 'pos', 'drawer'], queryFn: ({ signal }) => api<Drawer>('/orders/pos/drawer', { signal }) });

export function DrawerCard() {
  const drawer = useDrawer();
  if (!drawer.data) return null;
  const d = drawer.data;
  return (
    <section aria-label="Laci kas hari ini" className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm">
      <h3 className="font-bold">Laci kas hari ini</h3>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
        <dt className="text-stone-600">Penjualan tunai</dt>
        <dd>{formatRupiah(d.cash_sales)}</dd>
        <dt className="text-stone-600">Pengembalian tunai</dt>
        <dd>−{formatRupiah(d.cash_refunds)}</dd>
        <dt className="font-semibold">Seharusnya di laci</dt>
        <dd className="font-semibold" data-testid="drawer-expected">
          {formatRupiah(d.expected_cash)}
        </dd>
      </dl>
    </section>
  );
}
