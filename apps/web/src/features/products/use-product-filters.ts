/**
 * The products screen's filters, kept in the URL so a link (from the dashboard, say) opens the same
 * view; the search box writes to them a moment after the last key.
 */
import { ADMIN_PRODUCT_PAGE_SIZES, ADMIN_PRODUCT_SORTS, DEFAULT_ADMIN_PRODUCT_PAGE_SIZE, DEFAULT_ADMIN_PRODUCT_SORT } from '@pasar/core/products';
import { useListSort } from '../../components/admin/sorting';
import { readPaging, useUrlFilters, type FilterPatch } from '../../components/admin/url-filters';
import type { AdminProductFilters } from './api/products-api';

function readFilters(params: URLSearchParams): Omit<AdminProductFilters, 'sort' | 'dir'> {
  const active = params.get('active');
  return {
    q: params.get('q') ?? '',
    category_id: params.get('category_id') ?? '',
    business_id: params.get('business_id') ?? '',
    active: active === 'active' || active === 'inactive' ? active : 'all',
    low_stock: params.get('low_stock') === 'true',
    ...readPaging(params, ADMIN_PRODUCT_PAGE_SIZES, DEFAULT_ADMIN_PRODUCT_PAGE_SIZE),
  };
}

/** A change to the filters: a value, or null (or '') to drop it. */
export type ProductFilterPatch = FilterPatch<keyof AdminProductFilters>;

export function useProductFilters() {
  const { params, update, search, setSearch } = useUrlFilters<keyof AdminProductFilters>();
  const sort = useListSort(ADMIN_PRODUCT_SORTS, DEFAULT_ADMIN_PRODUCT_SORT);
  const filters: AdminProductFilters = { ...readFilters(params), sort: sort.sort, dir: sort.dir };
  return { filters, sort, search, setSearch, update };
}
