/**
 * The order list's search box, its status tabs with counts, and the "Menunggu verifikasi" filter for
 * proofs of transfer, which sits on top of the tabs.
 */
import { ORDER_STATUSES, orderStatusLabels, type AdminOrderList } from '@pasar/core/orders';
import { paymentMessages } from '@pasar/core/payments';
import { ListSearchField } from '../../components/admin/sorting';
import { FilterTabs } from '../../components/filter-tabs';
import type { OrderFilter } from './api/admin-orders-api';

const TABS = ['all', ...ORDER_STATUSES] as const;
const tabLabel = (t: (typeof TABS)[number]) => (t === 'all' ? 'Semua' : orderStatusLabels[t]);

export function OrderFilters({ filter, counts, figure, search, onSearch, onChange }: {
  filter: OrderFilter;
  /** Undefined while the first list loads: each count shows '…'. */
  counts: AdminOrderList['counts'] | undefined;
  /** A count as shown: a lower bound says so ('1.000+'). */
  figure: (n: number) => string;
  search: string;
  onSearch: (text: string) => void;
  onChange: (patch: Partial<OrderFilter>) => void;
}) {
  const verifying = filter.payment === 'verification';
  return (
    <>
      <ListSearchField label="Cari pesanan" placeholder="ID pesanan, email tamu, status, tanggal (2026-11-22 atau 22/11/2026), nama produk" search={{ text: search, setText: onSearch }} className="mb-3" />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <FilterTabs
          label="Status pesanan"
          tabs={TABS}
          selected={filter.status}
          onSelect={(t) => onChange({ status: t })}
          className="flex flex-wrap gap-2"
          tabClassName={(selected) => `rounded-full px-3 py-1.5 text-sm font-semibold ${selected ? 'bg-green-700 text-white' : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50'}`}
        >
          {(t) => (
            <>
              {tabLabel(t)} <span>({counts ? figure(counts[t]) : '…'})</span>
            </>
          )}
        </FilterTabs>
        <button
          type="button"
          aria-pressed={verifying}
          onClick={() => onChange({ payment: verifying ? 'all' : 'verification' })}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ${verifying ? 'bg-amber-600 text-white' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100'}`}
        >
          {paymentMessages.awaitingVerification} <span>({counts ? figure(counts.verification) : '…'})</span>
        </button>
      </div>
    </>
  );
}
