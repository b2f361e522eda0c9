/**
 * Products (docs/requirements/back-office.md §2, §5, §8, §9): stats cards, filters (category, business, active,
 * low stock, search), an order (issue 17), a paged grid of 12/24/48 (default 12) and the create/edit modal.
 * Filters live in the URL so a link (from the dashboard, say) opens the same view.
 */
import { useEffect, useState } from 'react';
import type { Product } from '@pasar/core/catalog';
import { ADMIN_PRODUCT_PAGE_SIZES, productMessages } from '@pasar/core/products';
import { deleteRow, ListBanners } from '../../components/admin/row-actions';
import { AddButton, AdminPageHeader, EmptyState, ErrorBanner, StatCard } from '../../components/admin/admin-ui';
import { Pagination } from '../../components/admin/pagination';
import { useUrlPaging } from '../../components/admin/url-filters';
import { draftKey, failureMessage, peekDraft } from '../../components/form';
import { PRODUCT_DRAFT } from '../../components/product-form/product-form-modal';
import { SkeletonGrid } from '../../components/skeleton';
import { api } from '../../lib/api-client';
import { useAdminProducts, useDeleteProduct, type AdminProductPage } from './api/products-api';
import { AiDescriptionButton } from './ai-description-button';
import { ProductFilters } from './product-filters';
import { ProductFormModal } from './product-form-modal';
import { ProductListItem } from './product-list-item';
import { useProductFilters } from './use-product-filters';
import { closeThen } from '../../components/modal';

/**
 * The product in the dialog: undefined when closed, null for a new one. Issue 31 item 18: a dialog
 * whose session ran out mid-edit opens again, with its draft. The product is read on its own: the
 * list is paged and may no longer hold it.
 */
function useEditing() {
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [draftFor] = useState(() => peekDraft(draftKey(window.location.pathname, PRODUCT_DRAFT)));
  useEffect(() => {
    if (!draftFor) return;
    if (draftFor.recordId === null) {
      setEditing(null);
      return;
    }
    let live = true;
    api<Product>(`/products/${draftFor.recordId}`).then(
      (product) => live && setEditing(product),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [draftFor]);
  return [editing, setEditing] as const;
}

function ProductStats({ stats }: { stats: AdminProductPage['stats'] | undefined }) {
  return (
    <section aria-label="Statistik produk" className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
      <StatCard label="Total produk" value={stats?.total ?? '…'} />
      <StatCard label="Aktif" value={stats?.active ?? '…'} hint={stats ? `${stats.inactive} nonaktif` : undefined} tone="green" />
      <StatCard label="Stok menipis (≤ 5)" value={stats?.low_stock ?? '…'} tone="amber" />
      <StatCard label="Stok habis" value={stats?.out_of_stock ?? '…'} tone="red" />
    </section>
  );
}

export default function ProductsPage() {
  const { filters, sort, search, setSearch, update } = useProductFilters();
  const products = useAdminProducts(filters);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useEditing();
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const del = (p: Product) => deleteRow({ setBanner, setNotice }, productMessages.deleteConfirm(p.name), () => remove.mutateAsync(p.id), { deleted: productMessages.deleted, failed: productMessages.deleteFailed });

  const page = products.data;
  const pager = useUrlPaging(products, update, { value: filters.page_size, options: ADMIN_PRODUCT_PAGE_SIZES }, 'produk');
  return (
    <div>
      <AdminPageHeader
        title="Produk"
        description="Produk UMKM yang dijual di toko. Stok menipis berarti 5 atau kurang."
        actions={<AddButton onClick={() => setEditing(null)}>+ Tambah produk</AddButton>}
      />
      <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />
      <ProductStats stats={page?.stats} />
      <ProductFilters filters={filters} sort={sort} search={search} onSearch={setSearch} onChange={update} />

      {products.isError && <ErrorBanner message={failureMessage(products.error, productMessages.loadFailed)} />}
      {products.isPending && <SkeletonGrid count={3} />}
      {page && page.items.length === 0 && <EmptyState title="Tidak ada produk yang cocok dengan filter ini." />}
      {page && page.items.length > 0 && (
        <ul aria-label="Daftar produk" className={`grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 ${products.isFetching ? 'opacity-70' : ''}`}>
          {page.items.map((p) => (
            <ProductListItem key={p.id} product={p} onEdit={() => setEditing(p)} onDelete={() => void del(p)} deleting={remove.isPending} />
          ))}
        </ul>
      )}

      {pager && <Pagination label="Halaman produk" {...pager} />}

      {editing !== undefined && (
        <ProductFormModal
          key={editing?.id ?? 'new'}
          product={editing}
          aiDescriptionTool={(apply, fields) => <AiDescriptionButton productId={editing?.id ?? null} apply={apply} fields={fields} />}
          onClose={() => setEditing(undefined)}
          onSaved={closeThen(() => setEditing(undefined), setNotice)}
        />
      )}
    </div>
  );
}
