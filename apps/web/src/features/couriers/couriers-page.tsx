/**
 * Couriers (docs/requirements/back-office.md §2 Couriers, §5, §8): cards with type and status filters, the
 * full-page add/edit form with Back, and on edit the Pricing Regions section. Routes:
 * /admin/couriers, /admin/couriers/new, /admin/couriers/:id/edit.
 */
import { useMemo, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Car, Motorbike, Package, Truck, type LucideIcon } from 'lucide-react';
import { COURIER_SORTS, COURIER_STATUSES, COURIER_TYPES, DEFAULT_COURIER_SORT, courierMessages, courierStatusLabels, courierTypeLabels, type Courier, type CourierSort, type CourierStatus, type CourierType } from '@pasar/core/couriers';
import { CardSkeleton } from '../../components/skeleton';
import { deleteRow, ListBanners } from '../../components/admin/row-actions';
import { AdminPageHeader, buttonStyles, CardDetail, EmptyState, ErrorBanner } from '../../components/admin/admin-ui';
import { alphabetical, SortSelect, ListSearchField, useListSearch, useListSort, type SortOption } from '../../components/admin/sorting';
import { Field, LabelledOptions } from '../../components/form';
import { useCouriers, useDeleteCourier } from './api/couriers-api';
import { CourierForm } from './courier-form';

// SVG icons, not emoji: without an emoji font emoji show as empty boxes (issue 17). The icon is
// decoration; the type's name is written beside it.
const typeIcon: Record<CourierType, LucideIcon> = { motorcycle: Motorbike, car: Car, truck: Truck };
const statusTone: Record<string, string> = { active: 'bg-green-100 text-green-800', busy: 'bg-amber-100 text-amber-800', inactive: 'bg-stone-200 text-stone-700' };

function CourierCard({ c, onDelete, deleting }: { c: Courier; onDelete: () => void; deleting: boolean }) {
  const TypeIcon = typeIcon[c.type as CourierType] ?? Package;
  const typeLabel = courierTypeLabels[c.type as CourierType] ?? c.type;
  return (
    <li className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex w-14 shrink-0 flex-col items-center gap-0.5 rounded-xl bg-green-50 px-1 py-1.5 text-green-900" data-testid="courier-type">
          <TypeIcon aria-hidden="true" className="h-7 w-7" />
          <span className="text-xs font-semibold">
            <span className="sr-only">Jenis: </span>
            {typeLabel}
          </span>
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-bold">{c.courier_name}</h2>
          <p className="text-sm text-stone-600">{c.vehicle_number || courierMessages.vehicleMissing}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[c.status] ?? ''}`}>{courierStatusLabels[c.status as CourierStatus] ?? c.status}</span>
      </div>
      <dl className="mt-3 space-y-1 text-sm">
        <CardDetail label="Telepon" value={c.phone_number} href={`tel:${c.phone_number}`} />
        <CardDetail label="Email" value={c.email} />
        <CardDetail label="Alamat" value={c.address} />
        <div>
          <dt className="sr-only">Harga wilayah</dt>
          <dd className={c.price_count > 0 ? 'text-stone-700' : 'text-amber-800'}>{c.price_count > 0 ? `${c.price_count} wilayah harga` : courierMessages.pricingMissing}</dd>
        </div>
      </dl>
      {/* Outside the list: a description without its term breaks the <dl> (issue 31 item 27, axe definition-list). */}
      {!c.is_active && <p className="mt-1 text-xs font-semibold text-stone-600">Tidak dipakai di checkout (nonaktif)</p>}
      <div className="mt-auto flex gap-2 pt-3">
        <Link to={`${c.id}/edit`} className={buttonStyles.small} aria-label={`Edit ${c.courier_name}`}>
          Edit
        </Link>
        <button type="button" className={buttonStyles.danger} onClick={onDelete} disabled={deleting} aria-label={`Hapus ${c.courier_name}`}>
          Hapus
        </button>
      </div>
    </li>
  );
}

/** Cards have no column headings: the order is chosen in one select (components/admin/sorting.tsx). */
const sortOptions: readonly SortOption<CourierSort>[] = [
  ...alphabetical('courier_name', 'Nama'),
  { field: 'status', dir: 'asc', label: 'Status (aktif dulu)' },
  { field: 'status', dir: 'desc', label: 'Status (nonaktif dulu)' },
  { field: 'price_count', dir: 'desc', label: 'Wilayah harga terbanyak' },
  { field: 'price_count', dir: 'asc', label: 'Wilayah harga tersedikit' },
  { field: 'created_at', dir: 'desc', label: 'Terbaru ditambahkan' },
  { field: 'created_at', dir: 'asc', label: 'Terlama ditambahkan' },
];

/** One filter of the list: "all" (the empty value), then every value by its label. */
function LabelledFilter<T extends string>(props: { id: string; label: string; all: string; value: string; values: readonly T[]; labels: Record<T, string>; onChange: (value: string) => void }) {
  return (
    <Field as="select" id={props.id} label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">{props.all}</option>
      <LabelledOptions values={props.values} labels={props.labels} />
    </Field>
  );
}

function CourierList() {
  const sort = useListSort(COURIER_SORTS, DEFAULT_COURIER_SORT);
  const search = useListSearch();
  const list = useCouriers({ q: search.q, sort: sort.sort, dir: sort.dir });
  const remove = useDeleteCourier();
  const [params, setParams] = useSearchParams();
  const [banner, setBanner] = useState<string | null>(null);
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(() => (location.state as { notice?: string } | null)?.notice ?? null);
  const type = params.get('type') ?? '';
  const status = params.get('status') ?? '';
  const all = useMemo(() => list.data ?? [], [list.data]);
  const shown = all.filter((c) => (!type || c.type === type) && (!status || c.status === status));

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const del = (c: Courier) => deleteRow({ setBanner, setNotice }, courierMessages.deleteConfirm, () => remove.mutateAsync(c.id), { deleted: courierMessages.deleted, failed: courierMessages.deleteFailed });

  return (
    <div>
      <AdminPageHeader
        title="Kurir"
        description="Kurir lokal antar di hari yang sama. Harga per wilayah muncul sebagai pilihan kurir lokal di checkout."
        actions={
          <Link to="new" className={buttonStyles.primary}>
            Tambah kurir
          </Link>
        }
      />
      <ListBanners banner={banner} notice={notice} loadFailed={list.isError ? courierMessages.loadFailed : null} page={{ setBanner, setNotice }} />
      <div className="mb-4 grid max-w-3xl gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <ListSearchField label="Cari kurir" placeholder="Nama, telepon, email, alamat, atau nomor kendaraan" search={search} className="sm:col-span-2" />
        <div className="flex items-end sm:col-span-2">
          <SortSelect id="courier-sort" options={sortOptions} sort={sort} />
        </div>
        <LabelledFilter id="courier-type-filter" label="Jenis" all="Semua jenis" value={type} values={COURIER_TYPES} labels={courierTypeLabels} onChange={(v) => setFilter('type', v)} />
        <LabelledFilter id="courier-status-filter" label="Status" all="Semua status" value={status} values={COURIER_STATUSES} labels={courierStatusLabels} onChange={(v) => setFilter('status', v)} />
      </div>
      {list.isPending && (
        <div role="status" aria-label="Memuat kurir" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      )}
      {list.data && all.length === 0 && search.q && <EmptyState title={`Tidak ada kurir yang cocok dengan "${search.q}".`}>Coba kata kunci lain.</EmptyState>}
      {list.data && all.length === 0 && !search.q && <EmptyState title="Belum ada kurir.">Tambahkan kurir lokal pertama dengan tombol Tambah kurir.</EmptyState>}
      {list.data && all.length > 0 && shown.length === 0 && <EmptyState title="Tidak ada kurir dengan filter ini.">Ubah jenis atau status.</EmptyState>}
      {shown.length > 0 && (
        <ul aria-label="Daftar kurir" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((c) => (
            <CourierCard key={c.id} c={c} onDelete={() => void del(c)} deleting={remove.isPending} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CourierEdit() {
  const { id } = useParams();
  const list = useCouriers();
  const navigate = useNavigate();
  const courier = list.data?.find((c) => c.id === Number(id));
  if (list.isPending) return <CardSkeleton />;
  if (list.isError) return <ErrorBanner message={courierMessages.loadFailed} />;
  if (!courier) {
    return (
      <EmptyState title={courierMessages.notFound}>
        <Link to="/admin/couriers" className="text-green-800 underline">
          Kembali ke daftar kurir
        </Link>
      </EmptyState>
    );
  }
  return <CourierForm key={courier.id} courier={courier} onDone={(notice) => void navigate('/admin/couriers', { state: { notice } })} />;
}

export default function CouriersPage() {
  const navigate = useNavigate();
  return (
    <Routes>
      <Route index element={<CourierList />} />
      <Route path="new" element={<CourierForm courier={null} onDone={(notice, created) => void navigate(created ? `/admin/couriers/${created}/edit` : '/admin/couriers', { state: { notice } })} />} />
      <Route path=":id/edit" element={<CourierEdit />} />
    </Routes>
  );
}
