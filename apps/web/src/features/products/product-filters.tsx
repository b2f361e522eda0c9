/** The products screen's filters: search, category, business, active, low stock, and the order (issue 17). */
import type { AdminProductSort } from '@pasar/core/products';
import { alphabetical, ListSearchField, SortSelect, type ListSort, type SortOption } from '../../components/admin/sorting';
import { FilterSelect } from '../../components/admin/filter-select';
import { NamedOptions } from '../../components/form';
import { useBusinessOptions, useCategoryOptions, type AdminProductFilters } from './api/products-api';
import type { ProductFilterPatch } from './use-product-filters';

/** The grid is cards, so its order is a select (components/admin/sorting.tsx); one option per column and direction. */
const sortOptions: readonly SortOption<AdminProductSort>[] = [
  { field: 'created_at', dir: 'desc', label: 'Terbaru' },
  { field: 'created_at', dir: 'asc', label: 'Terlama' },
  ...alphabetical('name', 'Nama'),
  { field: 'price', dir: 'asc', label: 'Harga termurah' },
  { field: 'price', dir: 'desc', label: 'Harga termahal' },
  { field: 'stock', dir: 'asc', label: 'Stok tersedikit' },
  { field: 'stock', dir: 'desc', label: 'Stok terbanyak' },
  ...alphabetical('category', 'Kategori'),
  ...alphabetical('business', 'Usaha mitra'),
];

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
      <FilterSelect label="Kategori" value={filters.category_id} onChange={(v) => onChange({ category_id: v })}>
        <option value="">Semua kategori</option>
        <NamedOptions items={categories.data} />
      </FilterSelect>
      <FilterSelect label="Usaha mitra" value={filters.business_id} onChange={(v) => onChange({ business_id: v })}>
        <option value="">Semua usaha</option>
        <NamedOptions items={businesses.data} />
      </FilterSelect>
      <FilterSelect label="Status" value={filters.active} onChange={(v) => onChange({ active: v === 'all' ? null : v })}>
        <option value="all">Semua</option>
        <option value="active">Aktif</option>
        <option value="inactive">Nonaktif</option>
      </FilterSelect>
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
