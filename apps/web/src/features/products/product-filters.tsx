/** The products screen's filters: search, category, business, active, low stock, and the order (issue 17). */
import type { SortDirection } from '@pasar/core/common';
import type { AdminProductSort } from '@pasar/core/products';
import { ListSearchField, SortSelect, type ListSort } from '../../components/admin/sorting';
import { useBusinessOptions, useCategoryOptions, type AdminProductFilters } from './api/products-api';
import type { ProductFilterPatch } from './use-product-filters';

/** The grid is cards, so its order is a select (components/admin/sorting.tsx); one option per column and direction. */
const sortOptions: readonly { field: AdminProductSort; label: string; dir: SortDirection }[] = [
  { field: 'created_at', dir: 'desc', label: 'Terbaru' },
  { field: 'created_at', dir: 'asc', label: 'Terlama' },
  { field: 'name', dir: 'asc', label: 'Nama A–Z' },
  { field: 'name', dir: 'desc', label: 'Nama Z–A' },
  { field: 'price', dir: 'asc', label: 'Harga termurah' },
  { field: 'price', dir: 'desc', label: 'Harga termahal' },
  { field: 'stock', dir: 'asc', label: 'Stok tersedikit' },
  { field: 'stock', dir: 'desc', label: 'Stok terbanyak' },
  { field: 'category', dir: 'asc', label: 'Kategori A–Z' },
  { field: 'category', dir: 'desc', label: 'Kategori Z–A' },
  { field: 'business', dir: 'asc', label: 'Usaha mitra A–Z' },
  { field: 'business', dir: 'desc', label: 'Usaha mitra Z–A' },
];

const selectClass = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal';

export function ProductFilters({ filters, sort, search, onSearch, onChange }: {
  filters: AdminProductFilters;
  sort: ListSort<AdminProductSort>;
  search: string;
  onSearch: (text: string) => void;
  onChange: (patch: ProductFilterPatch) => void;
}) {
  const categories = useCategoryOptions();
  const businesses = useBusinessOptions();
  return (
    <section aria-label="Filter produk" className="mb-4 grid gap-2 rounded-2xl border border-stone-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-5">
      <ListSearchField label="Cari" placeholder="Nama, deskripsi, usaha, atau ID" search={{ text: search, setText: onSearch }} className="lg:col-span-2" />
      <label className="text-sm font-semibold">
        Kategori
        <select value={filters.category_id} onChange={(e) => onChange({ category_id: e.target.value })} className={selectClass}>
          <option value="">Semua kategori</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Usaha mitra
        <select value={filters.business_id} onChange={(e) => onChange({ business_id: e.target.value })} className={selectClass}>
          <option value="">Semua usaha</option>
          {businesses.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Status
        <select value={filters.active} onChange={(e) => onChange({ active: e.target.value === 'all' ? null : e.target.value })} className={selectClass}>
          <option value="all">Semua</option>
          <option value="active">Aktif</option>
          <option value="inactive">Nonaktif</option>
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" className="h-4 w-4 accent-green-700" checked={filters.low_stock} onChange={(e) => onChange({ low_stock: e.target.checked ? 'true' : null })} />
        Hanya stok menipis
      </label>
      <div className="flex items-center">
        <SortSelect id="products-sort" options={sortOptions} sort={sort} />
      </div>
    </section>
  );
}
