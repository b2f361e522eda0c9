/**
 * Laporan Dinas (issue 29 part 5, decision 058): what the region sold over a range of store dates,
 * per partner, kecamatan, category and channel, each as bars and a table, and the Excel workbook.
 * The range lives in the address (?from&to), so a report can be shared and survives a reload.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { canAccess } from '@pasar/core/accounts';
import { formatRupiah } from '@pasar/core/money';
import { reportLabels, reportMessages, reportPresets, salesReportQuerySchema, sharePercent, type SalesReport } from '@pasar/core/reports';
import { formatDateTime, timeZoneName } from '@pasar/core/time';
import { AdminPageHeader, AdminTable, buttonStyles, EmptyState, ErrorBanner, StatCard } from '../../components/admin/admin-ui';
import { parseOrShow } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useStoreTimeZone } from '../../lib/store-settings';
import { downloadSalesWorkbook, useSalesReport, type ReportRange } from './api/reports-api';

type Row = { key: string; name: string; detail?: string; orders: number; items: number; gmv: number };

const number = (n: number) => n.toLocaleString('id-ID');
const dateLabel = (day: string) => formatDateTime(`${day}T12:00:00Z`, { style: 'date', timeZone: 'UTC' });

/** Horizontal bars (the widest is the largest GMV): readable at 360 px without a chart library. */
function Bars({ rows, label, limit = 10 }: { rows: Row[]; label: string; limit?: number }) {
  const shown = rows.slice(0, limit);
  const max = Math.max(1, ...shown.map((r) => r.gmv));
  if (shown.length === 0) return null;
  return (
    <figure className="min-w-0 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-2 text-xs text-stone-500">
        {label}
        {rows.length > limit ? ` (${limit} teratas dari ${rows.length})` : ''}
      </figcaption>
      <ul className="grid grid-cols-1 gap-2" aria-label={label}>
        {shown.map((r) => (
          <li key={r.key} className="text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 truncate font-medium text-stone-800" title={r.name}>
                {r.name}
              </span>
              <span className="shrink-0 tabular-nums text-stone-700">{formatRupiah(r.gmv)}</span>
            </div>
            <div className="mt-1 h-3 rounded-full bg-stone-100" aria-hidden="true">
              <div className="h-3 rounded-full bg-green-600" style={{ width: `${Math.max(r.gmv > 0 ? 1 : 0, (r.gmv / max) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** A column header of the report's tables; a figure's column is right-aligned like its cells. */
function ColumnHeader({ figure = false, children }: { figure?: boolean; children: ReactNode }) {
  return (
    <th scope="col" className={figure ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
      {children}
    </th>
  );
}

function FigureTable({ rows, label, nameHeader, detailHeader, total }: { rows: Row[]; label: string; nameHeader: string; detailHeader?: string; total: number }) {
  return (
    <AdminTable label={label}>
      <thead className="bg-stone-50 text-left text-xs uppercase tracking-wide text-stone-600">
        <tr>
          <ColumnHeader>{nameHeader}</ColumnHeader>
          {detailHeader && (
            <ColumnHeader>{detailHeader}</ColumnHeader>
          )}
          <ColumnHeader figure>{reportLabels.orders}</ColumnHeader>
          <ColumnHeader figure>{reportLabels.items}</ColumnHeader>
          <ColumnHeader figure>{reportLabels.gmv}</ColumnHeader>
          <ColumnHeader figure>{reportLabels.share}</ColumnHeader>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-stone-800">
              {r.name}
            </th>
            {detailHeader && <td className="px-3 py-2 text-stone-600">{r.detail}</td>}
            <td className="px-3 py-2 text-right tabular-nums">{number(r.orders)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{number(r.items)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatRupiah(r.gmv)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{sharePercent(r.gmv, total).toLocaleString('id-ID')}%</td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

function Breakdown({ id, title, rows, nameHeader, detailHeader, total }: { id: string; title: string; rows: Row[]; nameHeader: string; detailHeader?: string; total: number }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{reportMessages.empty}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
          <Bars rows={rows} label={`${reportLabels.gmv} ${title.toLowerCase()}`} />
          <FigureTable rows={rows} label={title} nameHeader={nameHeader} {...(detailHeader ? { detailHeader } : {})} total={total} />
        </div>
      )}
    </section>
  );
}

function ReportBody({ report }: { report: SalesReport }) {
  const total = report.totals.gmv;
  const partners: Row[] = report.by_partner.map((p) => ({ key: String(p.business_id ?? 0), name: p.is_new ? `${p.name} (baru)` : p.name, detail: p.district_name, orders: p.orders, items: p.items, gmv: p.gmv }));
  const districts: Row[] = report.by_district.map((d) => ({ key: String(d.key), name: d.name, detail: d.city_name, orders: d.orders, items: d.items, gmv: d.gmv }));
  const categories: Row[] = report.by_category.map((c) => ({ key: String(c.category_id), name: c.name, orders: c.orders, items: c.items, gmv: c.gmv }));
  const channels: Row[] = report.by_channel.map((c) => ({ key: c.channel, name: c.name, orders: c.orders, items: c.items, gmv: c.gmv }));
  return (
    <>
      <section aria-label="Ringkasan laporan" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <StatCard label={reportLabels.gmv} value={formatRupiah(total)} tone="green" />
        <StatCard label={reportLabels.orders} value={number(report.totals.orders)} />
        <StatCard label={reportLabels.items} value={number(report.totals.items)} />
        <StatCard label={reportLabels.activePartners} value={number(report.partners.active)} tone="blue" />
        <StatCard label={reportLabels.newPartners} value={number(report.partners.new)} tone="blue" />
        <StatCard label={reportLabels.totalPartners} value={number(report.partners.total)} />
      </section>
      <p className="mt-3 text-xs text-stone-500">{reportLabels.rule}</p>

      <Breakdown id="report-channels" title={reportLabels.sheets.channels} rows={channels} nameHeader={reportLabels.channel} total={total} />
      <Breakdown id="report-partners" title={reportLabels.sheets.partners} rows={partners} nameHeader={reportLabels.partner} detailHeader={reportLabels.district} total={total} />
      <Breakdown id="report-districts" title={reportLabels.sheets.districts} rows={districts} nameHeader={reportLabels.district} detailHeader={reportLabels.city} total={total} />
      <Breakdown id="report-categories" title={reportLabels.sheets.categories} rows={categories} nameHeader={reportLabels.category} total={total} />

      <section aria-labelledby="report-new-partners" className="mt-8">
        <h2 id="report-new-partners" className="mb-3 text-lg font-bold">
          {reportLabels.sheets.newPartners}
        </h2>
        {report.new_partners.length === 0 ? (
          <p className="text-sm text-stone-600">Tidak ada mitra baru pada rentang ini.</p>
        ) : (
          <AdminTable label={reportLabels.sheets.newPartners}>
            <thead className="bg-stone-50 text-left text-xs uppercase tracking-wide text-stone-600">
              <tr>
                <ColumnHeader>{reportLabels.partner}</ColumnHeader>
                <ColumnHeader>{reportLabels.district}</ColumnHeader>
                <ColumnHeader>{reportLabels.joined}</ColumnHeader>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.new_partners.map((p) => (
                <tr key={p.business_id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {p.name}
                  </th>
                  <td className="px-3 py-2 text-stone-600">{p.district_name}</td>
                  <td className="whitespace-nowrap px-3 py-2">{dateLabel(p.joined_on)}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </section>
    </>
  );
}

export default function ReportsPage() {
  const session = useSession();
  const isAdmin = session ? canAccess(session.user.role, ['admin']) : false;
  const zone = useStoreTimeZone();
  const presets = reportPresets(new Date(), zone);
  const [params, setParams] = useSearchParams();
  const fallback = presets[0]!;
  const requested = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const parsed = salesReportQuerySchema.safeParse(requested);
  const range: ReportRange = parsed.success ? parsed.data : { from: fallback.from, to: fallback.to };
  const [draft, setDraft] = useState<ReportRange>(range);
  const [fieldError, setFieldError] = useState<string | null>(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const report = useSalesReport(range, isAdmin);

  const show = (next: ReportRange) => {
    const checked = parseOrShow(salesReportQuerySchema, next, reportMessages.dateInvalid, setFieldError);
    if (!checked) return;
    setDraft(checked);
    setParams({ from: checked.from, to: checked.to }, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    show(draft);
  };
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadSalesWorkbook(range);
    } catch (e) {
      setDownloadError(e instanceof ApiError ? e.message : reportMessages.loadFailed);
    } finally {
      setDownloading(false);
    }
  };

  if (!session) {
    return (
      <p role="status" className="p-6 text-stone-600">
        Memuat…
      </p>
    );
  }
  if (!isAdmin) return <p className="p-6 font-semibold text-red-700">Akses ditolak - Anda tidak memiliki izin untuk mengakses halaman ini.</p>;

  const error = report.error instanceof ApiError ? report.error.message : report.isError ? reportMessages.loadFailed : null;
  return (
    <div>
      <AdminPageHeader
        title={reportMessages.title}
        description={`Penjualan (GMV) per mitra, kecamatan, kategori, serta online dan kasir, menurut tanggal ${timeZoneName(zone)}: ${dateLabel(range.from)} – ${dateLabel(range.to)}.`}
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Menyiapkan…' : reportMessages.download}
          </button>
        }
      />
      <form onSubmit={submit} className="mb-6 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm" aria-label="Rentang laporan" noValidate>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Pilihan cepat">
          {presets.map((p) => {
            const active = p.from === range.from && p.to === range.to;
            return (
              <button key={p.key} type="button" aria-pressed={active} className={active ? buttonStyles.primary : buttonStyles.secondary} onClick={() => show({ from: p.from, to: p.to })}>
                {p.label}
              </button>
            );
          })}
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:items-end">
          <label className="grid gap-1 text-sm">
            <span className="font-medium text-stone-700">{reportLabels.from}</span>
            <input type="date" className="min-w-0 rounded-lg border border-stone-300 px-2 py-1.5" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} aria-invalid={fieldError ? true : undefined} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-medium text-stone-700">{reportLabels.to}</span>
            <input type="date" className="min-w-0 rounded-lg border border-stone-300 px-2 py-1.5" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} aria-invalid={fieldError ? true : undefined} />
          </label>
          <button type="submit" className={`${buttonStyles.secondary} col-span-2`}>
            Tampilkan
          </button>
        </div>
        {fieldError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {fieldError}
          </p>
        )}
      </form>
      <ErrorBanner message={error ?? downloadError} onClose={downloadError ? () => setDownloadError(null) : undefined} />
      {report.isPending && (
        <p role="status" className="text-stone-600">
          Memuat laporan…
        </p>
      )}
      {report.data && report.data.totals.orders === 0 && report.data.new_partners.length === 0 ? (
        <EmptyState title={reportMessages.empty}>Pilih rentang tanggal lain.</EmptyState>
      ) : (
        report.data && (
          <div aria-busy={report.isFetching} className={report.isPlaceholderData ? 'opacity-60' : undefined}>
            <ReportBody report={report.data} />
          </div>
        )
      )}
    </div>
  );
}
