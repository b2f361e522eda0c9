/** Partner businesses (docs/requirements/back-office.md §2 Businesses, §8): search, counters, cards, add/edit modal. */
import { useMemo, useState } from 'react';
import { MapPin } from 'lucide-react';
import { BUSINESS_SORTS, businessMatches, businessMessages, DEFAULT_BUSINESS_SORT, normalizeWebsite, type AdminBusiness, type BusinessSort } from '@pasar/core/businesses';
import { certificateLabels } from '@pasar/core/partners';
import { formatDateTime } from '@pasar/core/time';
import { CardSkeleton } from '../../components/skeleton';
import { AddButton, AdminPageHeader, CardDetail, EmptyState, StatCard } from '../../components/admin/admin-ui';
import { useReopenDraft } from '../../components/form';
import { alphabetical, ListSearchField, SortSelect, useListSort, type SortOption } from '../../components/admin/sorting';
import { deleteRow, ListBanners, RowActions } from '../../components/admin/row-actions';
import { useBusinesses, useDeleteBusiness } from './api/businesses-api';
import { BUSINESS_DRAFT, BusinessFormModal } from './business-form-modal';
import { closeThen } from '../../components/modal';

/** Cards have no column headings: the order is chosen in one select (components/admin/sorting.tsx). */
const sortOptions: readonly SortOption<BusinessSort>[] = [
  ...alphabetical('name', 'Nama'),
  ...alphabetical('location', 'Lokasi'),
  { field: 'product_count', dir: 'desc', label: 'Produk terbanyak' },
  { field: 'product_count', dir: 'asc', label: 'Produk paling sedikit' },
  { field: 'created_at', dir: 'desc', label: 'Terdaftar terbaru' },
  { field: 'created_at', dir: 'asc', label: 'Terdaftar terlama' },
];

function BusinessCard({ b, onEdit, onDelete, deleting }: { b: AdminBusiness; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  const location = b.district_name || b.city_name ? [b.district_name, b.city_name].filter(Boolean).join(', ') : businessMessages.noLocation;
  return (
    <li className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-bold">{b.name}</h2>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${b.is_active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}>{b.is_active ? 'Aktif' : 'Nonaktif'}</span>
      </div>
      {b.description && <p className="mt-1 text-sm text-stone-600">{b.description}</p>}
      <dl className="mt-3 space-y-1 text-sm">
        <div>
          <dt className="sr-only">Lokasi</dt>
          <dd className="flex items-start gap-1">
            <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-800" />
            {location}
          </dd>
        </div>
        {b.address && (
          <div>
            <dt className="sr-only">Alamat</dt>
            <dd className="text-stone-700">{b.address}</dd>
          </div>
        )}
        <CardDetail label="Kontak" value={b.contact_name} />
        <CardDetail label="Telepon" value={b.contact_phone} href={`tel:${b.contact_phone}`} />
        <CardDetail label="Email" value={b.contact_email} href={`mailto:${b.contact_email}`} />
        {b.website && (
          <CardDetail label="Situs">
            <a href={normalizeWebsite(b.website)} target="_blank" rel="noreferrer noopener" className="break-all text-green-800 underline">
              {normalizeWebsite(b.website)}
            </a>
          </CardDetail>
        )}
        <CardDetail label="Pemilik" value={b.owner_name} />
        {b.certificates.length > 0 && (
          <div>
            <dt className="sr-only">Sertifikat</dt>
            {/* What waits for the office's tick is what this card is for (issue 29: the office verifies each mark). */}
            <dd className="flex flex-wrap gap-1">
              {b.certificates.map((c) => (
                <span key={c.kind} className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${c.verified ? 'bg-green-50 text-green-900 ring-green-300' : 'bg-amber-50 text-amber-900 ring-amber-300'}`}>
                  {certificateLabels[c.kind]} · {c.verified ? 'Terverifikasi' : 'Menunggu verifikasi'}
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {/* Outside the list: a <dl> holds only term and description pairs (issue 31 item 27, axe definition-list). */}
      <p className="mt-1 text-xs text-stone-500">
        Terdaftar {formatDateTime(b.created_at, { style: 'date' })} · {b.product_count} produk
      </p>
      {!b.is_active && <p className="mt-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-800">{businessMessages.followUp}</p>}
      <RowActions name={b.name} editText="Edit" onEdit={onEdit} onDelete={onDelete} deleteDisabled={deleting} className="mt-auto flex gap-2 pt-3" />
    </li>
  );
}

export default function BusinessesPage() {
  const sort = useListSort(BUSINESS_SORTS, DEFAULT_BUSINESS_SORT);
  const list = useBusinesses({ sort: sort.sort, dir: sort.dir });
  const remove = useDeleteBusiness();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<AdminBusiness | null | undefined>(undefined);
  useReopenDraft(BUSINESS_DRAFT, list.data, setEditing);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const all = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => all.filter((b) => businessMatches(b, query)), [all, query]);
  const active = all.filter((b) => b.is_active).length;

  const del = (b: AdminBusiness) => deleteRow({ setBanner, setNotice }, businessMessages.deleteConfirm, () => remove.mutateAsync(b.id), { deleted: businessMessages.deleted, failed: businessMessages.deleteFailed });

  return (
    <div>
      <AdminPageHeader
        title="Usaha Mitra"
        description="UMKM yang produknya dijual di toko. Usaha aktif tampil di daftar publik."
        actions={<AddButton onClick={() => setEditing(null)}>Add business</AddButton>}
      />
      <ListBanners banner={banner} notice={notice} loadFailed={list.isError ? businessMessages.loadFailed : null} page={{ setBanner, setNotice }} />
      <section aria-label="Jumlah usaha" className="mb-4 grid grid-cols-3 gap-3">
        <StatCard label="Total" value={list.data ? all.length : '…'} />
        <StatCard label="Aktif" value={list.data ? active : '…'} tone="green" />
        <StatCard label="Nonaktif" value={list.data ? all.length - active : '…'} tone="amber" />
      </section>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <ListSearchField label="Cari usaha" placeholder="Nama, deskripsi, alamat, kota, kecamatan, kontak, atau email" search={{ text: query, setText: setQuery }} className="flex-1" />
        <SortSelect id="business-sort" options={sortOptions} sort={sort} />
      </div>
      {list.isPending && (
        <div role="status" aria-label="Memuat usaha" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      )}
      {list.data && all.length === 0 && <EmptyState title="Belum ada usaha mitra.">Tambahkan usaha mitra pertama dengan tombol Add business.</EmptyState>}
      {list.data && all.length > 0 && shown.length === 0 && <EmptyState title={`Tidak ada usaha yang cocok dengan "${query}".`}>Coba kata kunci lain.</EmptyState>}
      {shown.length > 0 && (
        <ul aria-label="Daftar usaha mitra" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((b) => (
            <BusinessCard key={b.id} b={b} onEdit={() => setEditing(b)} onDelete={() => void del(b)} deleting={remove.isPending} />
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <BusinessFormModal
          key={editing?.id ?? 'new'}
          business={editing}
          onClose={() => setEditing(undefined)}
          onSaved={closeThen(() => setEditing(undefined), setNotice)}
        />
      )}
    </div>
  );
}
