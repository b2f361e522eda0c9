/**
 * Penjualan (issue 29 part 2, /mitra/penjualan), phone first (360 px): the partner's sales per day
 * and per month, what the office has paid and still owes, each payout with its bank reference, and
 * its statement for a period as PDF or CSV. Every figure is the server's, for the session's business.
 */
import { useState } from 'react';
import { formatRupiah } from '@pasar/core/money';
import { settlementLabels, settlementMessages, type SalesRow } from '@pasar/core/settlement';
import { formatDateTime, formatStoreMonth, monthPeriod, storeDate } from '@pasar/core/time';
import { failureMessage, submitWith } from '../../components/form';
import { useStoreTimeZone } from '../../lib/store-settings';
import { downloadOwnStatement, usePartnerPayouts, usePartnerSales } from './api/settlement-api';
import { usePeriod } from './use-period';

const dateText = (day: string, timeZone: string) => formatDateTime(new Date(`${day}T12:00:00Z`), { style: 'date', timeZone });
/** A deduction as the partner reads it; commission given back (refunds of paid-out goods) is an addition. */
const less = (n: number) => (n < 0 ? `+${formatRupiah(-n)}` : `−${formatRupiah(n)}`);
const button = 'inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60';

/** One line of a day's or a month's figures; the net line is set in bold. */
function Figure({ label, value, net = false }: { label: string; value: string; net?: boolean }) {
  return (
    <>
      <dt className={net ? 'font-semibold text-stone-900' : 'text-stone-600'}>{label}</dt>
      <dd className={net ? 'text-right font-semibold tabular-nums' : 'text-right tabular-nums'}>{value}</dd>
    </>
  );
}

function Figures({ row }: { row: SalesRow }) {
  return (
    <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
      <Figure label={settlementLabels.goods} value={formatRupiah(row.goods)} />
      {row.refunds !== 0 && <Figure label={settlementLabels.refunds} value={less(row.refunds)} />}
      <Figure label={settlementLabels.commission} value={less(row.commission)} />
      {row.shipping !== 0 && <Figure label={settlementLabels.shipping} value={formatRupiah(row.shipping)} />}
      <Figure label={settlementLabels.net} value={formatRupiah(row.net)} net />
    </dl>
  );
}

export default function PartnerSalesPage() {
  const timeZone = useStoreTimeZone();
  const today = storeDate(new Date(), timeZone);
  const { period, draft, setDraft, problem, setProblem, apply } = usePeriod(() => ({ from: monthPeriod(today.slice(0, 7)).from, to: today }));
  const [view, setView] = useState<'day' | 'month'>('day');
  const [busy, setBusy] = useState(false);
  const sales = usePartnerSales(period.from, period.to);
  const payouts = usePartnerPayouts();

  const download = async (format: 'pdf' | 'csv') => {
    setProblem(null);
    setBusy(true);
    try {
      await downloadOwnStatement(period.from, period.to, format);
    } catch (e) {
      setProblem(failureMessage(e, 'Laporan tidak dapat diunduh.'));
    } finally {
      setBusy(false);
    }
  };

  const data = sales.data;
  const rows = view === 'day' ? (data?.days ?? []) : (data?.months ?? []);

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold text-stone-900">{settlementMessages.salesTitle}</h1>

      <section aria-label="Saldo" className="grid grid-cols-2 gap-2">
        <div className="rounded-xl border border-stone-200 bg-white p-3">
          <p className="text-xs text-stone-600">Sudah dibayar Dinas</p>
          <p className="text-lg font-bold tabular-nums text-green-800">{data ? formatRupiah(data.total_paid) : '…'}</p>
        </div>
        <div className="rounded-xl border border-stone-200 bg-white p-3">
          <p className="text-xs text-stone-600">Masih terutang</p>
          <p className={`text-lg font-bold tabular-nums ${data && data.total_owed < 0 ? 'text-red-700' : 'text-stone-900'}`}>{data ? formatRupiah(data.total_owed) : '…'}</p>
        </div>
        {data && (
          <p className="col-span-2 text-xs text-stone-500">
            Komisi {String(data.commission_percent).replace('.', ',')}%. {data.closed_until ? `Dibayar sampai ${dateText(data.closed_until, timeZone)}.` : 'Belum ada periode yang dibayar.'}
          </p>
        )}
      </section>

      <section aria-labelledby="sales-period" className="rounded-xl border border-stone-200 bg-white p-3">
        <h2 id="sales-period" className="text-sm font-bold text-stone-900">
          Periode
        </h2>
        <form className="mt-2 grid grid-cols-2 gap-2" onSubmit={submitWith(() => apply(draft))}>
          <label className="text-xs font-semibold text-stone-700">
            Dari
            <input type="date" className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-2 text-sm" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
          </label>
          <label className="text-xs font-semibold text-stone-700">
            Sampai
            <input type="date" className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-2 text-sm" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
          </label>
          <button type="submit" className="col-span-2 inline-flex min-h-11 items-center justify-center rounded-lg bg-green-700 px-3 text-sm font-semibold text-white hover:bg-green-800">
            Tampilkan
          </button>
        </form>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <button type="button" className={button} disabled={busy} onClick={() => void download('pdf')}>
            Unduh PDF
          </button>
          <button type="button" className={button} disabled={busy} onClick={() => void download('csv')}>
            Unduh CSV
          </button>
        </div>
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
      </section>

      <section aria-labelledby="sales-list">
        <div className="flex items-center justify-between">
          <h2 id="sales-list" className="text-base font-bold text-stone-900">
            Penjualan
          </h2>
          <div role="group" aria-label="Tampilan" className="flex rounded-lg border border-stone-300 text-sm">
            {(['day', 'month'] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} className={`min-h-11 px-3 font-semibold ${view === v ? 'bg-green-700 text-white' : 'text-stone-700'}`} onClick={() => setView(v)}>
                {v === 'day' ? 'Per hari' : 'Per bulan'}
              </button>
            ))}
          </div>
        </div>
        {sales.isError && <p className="mt-2 text-sm text-red-700">{failureMessage(sales.error, 'Penjualan tidak dapat dimuat.')}</p>}
        {sales.isPending ? (
          <p className="mt-2 text-sm text-stone-600">Memuat…</p>
        ) : rows.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{settlementMessages.noSales}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {rows.map((r) => (
              <li key={r.key} className="rounded-xl border border-stone-200 bg-white p-3">
                <p className="text-sm font-semibold text-stone-900">{view === 'day' ? dateText(r.key, timeZone) : formatStoreMonth(r.key, timeZone)}</p>
                <Figures row={r} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-xs text-stone-500">Penjualan dihitung saat paket sampai ke pembeli. Pengembalian dana dihitung pada tanggal dicatat.</p>
      </section>

      <section aria-labelledby="payout-list">
        <h2 id="payout-list" className="text-base font-bold text-stone-900">
          Pembayaran dari Dinas
        </h2>
        {payouts.isError && <p className="mt-2 text-sm text-red-700">{failureMessage(payouts.error, 'Pembayaran tidak dapat dimuat.')}</p>}
        {payouts.data && payouts.data.payouts.length === 0 && <p className="mt-2 text-sm text-stone-600">{settlementMessages.noPayouts}</p>}
        <ul className="mt-2 space-y-2">
          {payouts.data?.payouts.map((p) => (
            <li key={p.id} className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-stone-900">{formatRupiah(p.amount)}</span>
                <span className="text-xs text-stone-600">{dateText(p.paid_on, timeZone)}</span>
              </div>
              <p className="text-stone-700">
                Periode {dateText(p.period_start, timeZone)} – {dateText(p.period_end, timeZone)}
              </p>
              <p className="break-all text-stone-700">Ref. {p.bank_reference}</p>
              {p.carried_out !== 0 && <p className="text-xs text-stone-500">Sisa {formatRupiah(p.carried_out)} terbawa ke periode berikutnya.</p>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
