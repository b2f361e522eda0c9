/**
 * Pembayaran mitra (issue 29 part 4, /admin/payouts): for a period, what the office owes each
 * partner (the server's figures, core's one rule), "Catat pembayaran" closing a partner's period,
 * statements to download, a partner's own commission rate and the store's rate.
 */
import { useState } from 'react';
import { formatRupiah } from '@pasar/core/money';
import { partnerProgramSchema } from '@pasar/core/partners';
import { payoutInputSchema, settlementLabels, settlementMessages, type PartnerSettlement, type PayoutInput } from '@pasar/core/settlement';
import { formatDateTime, monthPeriod, previousMonth, storeDate } from '@pasar/core/time';
import { AdminPageHeader, AdminTable, buttonStyles, FormActions, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { failureMessage, Field, setServerErrors, submitWith, useZodForm } from '../../components/form';
import { closeThen, Modal } from '../../components/modal';
import { useStoreTimeZone } from '../../lib/store-settings';
import { downloadStatement, usePartnerProgram, usePayoutSummary, useRecordPayout, useSavePartnerCommission, useSavePartnerProgram } from './api/settlement-api';
import { submitClearing } from '../../components/form/submit-clearing';
import { usePeriod } from './use-period';

const dateText = (day: string, timeZone: string) => formatDateTime(new Date(`${day}T12:00:00Z`), { style: 'date', timeZone });
const percentText = (n: number) => `${String(n).replace('.', ',')}%`;

export default function PayoutsPage() {
  const timeZone = useStoreTimeZone();
  const today = storeDate(new Date(), timeZone);
  // Last month by default: the period an office usually pays at the start of a month.
  const { period, draft, setDraft, problem: periodError, apply } = usePeriod(() => monthPeriod(previousMonth(today)));
  const summary = usePayoutSummary(period.from, period.to);
  const [paying, setPaying] = useState<PartnerSettlement | null>(null);
  const [rating, setRating] = useState<PartnerSettlement | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (row: PartnerSettlement, format: 'csv' | 'pdf') => {
    setError(null);
    try {
      await downloadStatement(row.business_id, row.period_start <= row.period_end ? row.period_start : period.from, period.to, format);
    } catch (e) {
      setError(failureMessage(e, 'Laporan tidak dapat diunduh.'));
    }
  };

  const rows = summary.data?.partners ?? [];
  const totalOwed = rows.reduce((s, r) => s + Math.max(0, r.owed), 0);

  return (
    <div className="space-y-6">
      <AdminPageHeader title={settlementMessages.title} description="Yang terutang kepada setiap mitra per periode: penjualan barang yang sudah sampai, dikurangi pengembalian dana dan komisi, ditambah ongkos kirim paket yang dikirim mitra sendiri." />
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      <ErrorBanner message={error} onClose={() => setError(null)} />

      <StoreCommissionCard onSaved={setNotice} />

      <section aria-labelledby="period-title" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
        <h2 id="period-title" className="text-base font-bold text-stone-900">
          Periode
        </h2>
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={submitWith(() => apply(draft))}>
          <Field id="period-from" label="Dari" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
          <Field id="period-to" label="Sampai" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
          <button type="submit" className={buttonStyles.primary}>
            Tampilkan
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => apply(monthPeriod(previousMonth(today)))}>
            Bulan lalu
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => apply({ from: monthPeriod(today.slice(0, 7)).from, to: today })}>
            Bulan ini
          </button>
        </form>
        {periodError && <p className="mt-2 text-sm text-red-700">{periodError}</p>}
        <p className="mt-2 text-xs text-stone-500">Hanya hari yang sudah lewat yang dapat ditutup dengan pembayaran. Periode mitra yang sudah dibayar dimulai dari hari sesudahnya.</p>
      </section>

      {summary.isError && <ErrorBanner message={failureMessage(summary.error, 'Data pembayaran tidak dapat dimuat.')} />}
      {summary.isPending ? (
        <p className="text-sm text-stone-600">Memuat…</p>
      ) : rows.length === 0 ? (
        <EmptyState title={settlementMessages.noSales}>Tidak ada mitra dengan penjualan atau saldo pada periode ini.</EmptyState>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            Total terutang: <strong>{formatRupiah(totalOwed)}</strong> untuk {rows.length} mitra.
          </p>
          <AdminTable label="Terutang per mitra">
            <thead className="bg-stone-50 text-left text-xs font-semibold uppercase text-stone-600">
              <tr>
                <th className="px-3 py-2">Mitra</th>
                <th className="px-3 py-2 text-right">{settlementLabels.carried_in}</th>
                <th className="px-3 py-2 text-right">{settlementLabels.goods}</th>
                <th className="px-3 py-2 text-right">{settlementLabels.refunds}</th>
                <th className="px-3 py-2 text-right">{settlementLabels.commission}</th>
                <th className="px-3 py-2 text-right">{settlementLabels.shipping}</th>
                <th className="px-3 py-2 text-right">{settlementLabels.owed}</th>
                <th className="px-3 py-2">Pembayaran terakhir</th>
                <th className="px-3 py-2">Aksi</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((r) => (
                <tr key={r.business_id} className="align-top">
                  <td className="min-w-52 px-3 py-2">
                    <div className="font-semibold text-stone-900">{r.business_name}</div>
                    <div className="text-xs text-stone-500">
                      {dateText(r.period_start, timeZone)} – {dateText(r.period_end, timeZone)}
                    </div>
                    <div className="text-xs text-stone-500">
                      Komisi {percentText(r.commission_percent)}
                      {r.own_commission_percent === null ? ' (tarif toko)' : ' (khusus mitra)'}
                    </div>
                    {r.bank_name && (
                      <div className="text-xs text-stone-500">
                        {r.bank_name} {r.bank_account_number} a.n. {r.bank_account_name}
                      </div>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRupiah(r.carried_in)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRupiah(r.goods)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRupiah(r.refunds)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRupiah(r.commission)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRupiah(r.shipping)}</td>
                  <td className={`px-3 py-2 text-right font-semibold tabular-nums ${r.owed < 0 ? 'text-red-700' : 'text-stone-900'}`}>{formatRupiah(r.owed)}</td>
                  <td className="min-w-36 px-3 py-2 text-xs text-stone-600">
                    {r.last_payout ? (
                      <>
                        {formatRupiah(r.last_payout.amount)} pada {dateText(r.last_payout.paid_on, timeZone)}
                        <br />
                        ref. {r.last_payout.bank_reference}
                      </>
                    ) : (
                      'Belum pernah'
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-col gap-1 whitespace-nowrap">
                      <button type="button" className={buttonStyles.small} disabled={!r.can_close || r.period_end > today} onClick={() => setPaying(r)} title={r.period_end > today ? settlementMessages.periodNotPast : undefined}>
                        Catat pembayaran
                      </button>
                      <div className="flex gap-1">
                        <button type="button" className={`${buttonStyles.small} flex-1`} onClick={() => void download(r, 'pdf')} aria-label={`Laporan PDF ${r.business_name}`}>
                          PDF
                        </button>
                        <button type="button" className={`${buttonStyles.small} flex-1`} onClick={() => void download(r, 'csv')} aria-label={`Laporan CSV ${r.business_name}`}>
                          CSV
                        </button>
                      </div>
                      <button type="button" className={buttonStyles.small} onClick={() => setRating(r)}>
                        Ubah komisi
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </>
      )}

      {paying && (
        <RecordPayoutModal
          row={paying}
          today={today}
          onClose={() => setPaying(null)}
          onSaved={closeThen(() => setPaying(null), setNotice)}
        />
      )}
      {rating && (
        <PartnerCommissionModal
          row={rating}
          onClose={() => setRating(null)}
          onSaved={closeThen(() => setRating(null), setNotice)}
        />
      )}
    </div>
  );
}

interface PayoutForm {
  business_id: number;
  period_start: string;
  period_end: string;
  amount: string;
  paid_on: string;
  bank_reference: string;
  note: string;
}

function RecordPayoutModal({ row, today, onClose, onSaved }: { row: PartnerSettlement; today: string; onClose: () => void; onSaved: (message: string) => void }) {
  const timeZone = useStoreTimeZone();
  const record = useRecordPayout();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useZodForm<PayoutForm, PayoutInput>(payoutInputSchema, {
    defaultValues: { business_id: row.business_id, period_start: row.period_start, period_end: row.period_end, amount: String(Math.max(0, row.owed)), paid_on: today, bank_reference: '', note: '' },
    // The amount box holds text; an empty or odd entry reaches the schema as what it is and gets its message.
    toInput: (v) => ({ ...v, amount: v.amount.trim() === '' ? undefined : Number(v.amount) }),
  });
  const { errors } = form.formState;
  const submit = async (input: PayoutInput) => {
    try {
      const result = await record.mutateAsync(input);
      onSaved(result.message ?? settlementMessages.recorded);
    } catch (error) {
      setServerErrors(error, form.setError, { period_start: 'paid_on' });
      setBanner(failureMessage(error, 'Pembayaran tidak dapat dicatat.'));
    }
  };
  return (
    <Modal title={`Catat pembayaran: ${row.business_name}`} onClose={onClose} guardEdits>
      <form
        noValidate
        className="space-y-3"
        onSubmit={submitClearing(() => setBanner(null), form.handleSubmit(submit))}
      >
        <ErrorBanner message={banner} />
        <p className="text-sm text-stone-700">
          Periode {dateText(row.period_start, timeZone)} – {dateText(row.period_end, timeZone)}. Terutang <strong>{formatRupiah(row.owed)}</strong>. Setelah dicatat, periode ini ditutup; pengembalian dana sesudahnya masuk periode berikutnya.
        </p>
        {row.bank_name && (
          <p className="text-sm text-stone-600">
            Rekening mitra: {row.bank_name} {row.bank_account_number} a.n. {row.bank_account_name}
          </p>
        )}
        <Field id="payout-paid-on" label="Tanggal bayar" type="date" max={today} error={errors.paid_on?.message} {...form.register('paid_on')} />
        <Field id="payout-amount" label="Jumlah (Rp)" inputMode="numeric" error={errors.amount?.message} hint="Terisi sebesar yang terutang; sisa yang tidak dibayar terbawa ke periode berikutnya." {...form.register('amount')} />
        <Field id="payout-reference" label="Referensi bank" maxLength={200} error={errors.bank_reference?.message} {...form.register('bank_reference')} />
        <Field id="payout-note" as="textarea" label="Catatan (opsional)" maxLength={500} error={errors.note?.message} {...form.register('note')} />
        <FormActions label="Catat pembayaran" pending={record.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function PartnerCommissionModal({ row, onClose, onSaved }: { row: PartnerSettlement; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSavePartnerCommission();
  const [value, setValue] = useState(row.own_commission_percent === null ? '' : String(row.own_commission_percent));
  const [error, setError] = useState<string | null>(null);
  const submit = async (percent: number | null) => {
    setError(null);
    if (percent !== null && (!Number.isFinite(percent) || percent < 0 || percent > 100 || Math.abs(percent * 10 - Math.round(percent * 10)) > 1e-9)) {
      setError(settlementMessages.commissionInvalid);
      return;
    }
    try {
      const result = await save.mutateAsync({ businessId: row.business_id, percent });
      onSaved(result.message ?? settlementMessages.commissionSaved);
    } catch (e) {
      setError(failureMessage(e, 'Komisi tidak dapat disimpan.'));
    }
  };
  return (
    <Modal title={`Komisi ${row.business_name}`} onClose={onClose}>
      <form noValidate className="space-y-3" onSubmit={submitWith(() => submit(value.trim() === '' ? null : Number(value.replace(',', '.'))))}>
        <Field id="partner-commission" label="Komisi khusus mitra (%)" inputMode="decimal" value={value} error={error ?? undefined} hint="Kosongkan untuk memakai komisi toko. Berlaku untuk periode yang belum ditutup." onChange={(e) => setValue(e.currentTarget.value)} />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => void submit(null)} disabled={save.isPending}>
            Pakai komisi toko
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            Simpan
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The store's rate lives in the setting `partner_program` with the curation switches: read it, change the rate, put the whole object back. */
function StoreCommissionCard({ onSaved }: { onSaved: (message: string) => void }) {
  const program = usePartnerProgram();
  const save = useSavePartnerProgram();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = value ?? (program.data ? String(program.data.commission_percent) : '');
  const submit = async () => {
    if (!program.data) return;
    setError(null);
    const parsed = partnerProgramSchema.safeParse({ ...program.data, commission_percent: shown.trim() === '' ? undefined : Number(shown.replace(',', '.')) });
    if (!parsed.success || shown.trim() === '') {
      setError(parsed.error?.issues[0]?.message ?? settlementMessages.commissionInvalid);
      return;
    }
    try {
      const result = await save.mutateAsync(parsed.data);
      setValue(null);
      onSaved(result.message ?? 'Komisi toko disimpan.');
    } catch (e) {
      setError(failureMessage(e, 'Komisi toko tidak dapat disimpan.'));
    }
  };
  return (
    <section aria-labelledby="store-commission-title" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id="store-commission-title" className="text-base font-bold text-stone-900">
        Komisi toko
      </h2>
      {program.isError && <ErrorBanner message={failureMessage(program.error, 'Pengaturan program mitra tidak dapat dimuat.')} />}
      <form noValidate className="mt-3 flex flex-wrap items-end gap-3" onSubmit={submitWith(submit)}>
        <Field id="store-commission" label="Komisi untuk semua mitra (%)" inputMode="decimal" value={shown} disabled={!program.data} error={error ?? undefined} hint="Mitra dengan komisi khusus memakai tarifnya sendiri." onChange={(e) => setValue(e.currentTarget.value)} />
        <button type="submit" className={buttonStyles.primary} disabled={!program.data || save.isPending}>
          Simpan
        </button>
      </form>
    </section>
  );
}
