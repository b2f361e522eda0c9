/**
 * "Pengaturan pembayaran" (decision 013): the accounts a manual transfer goes to, kode unik, the
 * payment deadline, the abuse caps and where notices go. Checked with the core schema before it is
 * sent; the server's own field messages show under the same fields.
 */
import { useState, type FormEvent } from 'react';
import { AdminPageHeader, buttonStyles, CheckboxField, ErrorBanner, failureMessage, serverFieldErrors, SuccessBanner, TextField } from '../../components/admin/admin-ui';
import { checkPaymentSettings, MAX_BANK_ACCOUNTS, newBankRow, toForm, type BankAccountRow, type PaymentSettingsForm } from './payment-settings-form';
import { usePaymentSettings, useSavePaymentSettings } from './api/payment-settings-api';

type NumberField = 'manual_deadline_hours' | 'max_unpaid_per_email' | 'max_unpaid_per_address' | 'max_line_quantity';

const messages = {
  loadFailed: 'Gagal memuat pengaturan pembayaran.',
  saveFailed: 'Gagal menyimpan pengaturan pembayaran.',
  saved: 'Pengaturan pembayaran disimpan.',
  recheck: 'Periksa kembali isian yang ditandai merah.',
} as const;

function BankAccountFields({ index, row, errors, onChange, onRemove }: { index: number; row: BankAccountRow; errors: Record<string, string>; onChange: (row: BankAccountRow) => void; onRemove: () => void }) {
  const at = (field: keyof Omit<BankAccountRow, 'key'>) => errors[`bank_accounts.${index}.${field}`];
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-3">
      <legend className="px-1 text-sm font-bold text-stone-800">
        Rekening {index + 1}
        {index === 0 && <span className="font-normal text-stone-500"> (utama)</span>}
      </legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField id={`bank-${row.key}-bank`} label="Nama bank" value={row.bank_name} error={at('bank_name')} placeholder="BCA" maxLength={60} onChange={(e) => onChange({ ...row, bank_name: e.target.value })} />
        <TextField
          id={`bank-${row.key}-number`}
          label="Nomor rekening"
          value={row.account_number}
          error={at('account_number')}
          inputMode="numeric"
          maxLength={40}
          onChange={(e) => onChange({ ...row, account_number: e.target.value })}
        />
        <TextField id={`bank-${row.key}-name`} label="Atas nama" value={row.account_name} error={at('account_name')} maxLength={120} onChange={(e) => onChange({ ...row, account_name: e.target.value })} />
      </div>
      <div className="mt-2 flex justify-end">
        <button type="button" className={buttonStyles.danger} onClick={onRemove} aria-label={`Hapus rekening ${index + 1}`}>
          Hapus
        </button>
      </div>
    </fieldset>
  );
}

function SettingsForm({ initial }: { initial: PaymentSettingsForm }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSavePaymentSettings();
  const set = <K extends keyof PaymentSettingsForm>(k: K, v: PaymentSettingsForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setRow = (index: number, row: BankAccountRow) => setForm((f) => ({ ...f, bank_accounts: f.bank_accounts.map((r, i) => (i === index ? row : r)) }));
  // Field errors are keyed by position: removing a row would move its neighbours' messages onto the wrong row.
  const removeRow = (index: number) => {
    setForm((f) => ({ ...f, bank_accounts: f.bank_accounts.filter((_, i) => i !== index) }));
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    setNotice(null);
    const checked = checkPaymentSettings(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      setBanner(messages.recheck);
      return;
    }
    setErrors({});
    try {
      const result = await save.mutateAsync(checked.data);
      setForm(toForm(result.data));
      setNotice(result.message ?? messages.saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      setBanner(Object.keys(fields).length > 0 ? `${messages.recheck} ${failureMessage(error, messages.saveFailed)}` : failureMessage(error, messages.saveFailed));
    }
  };

  const number = (id: NumberField, label: string, hint: string, min: number, max: number) => (
    <TextField
      id={`payment-${id}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={form[id]}
      error={errors[id]}
      hint={hint}
      onChange={(e) => set(id, e.target.value)}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-3xl gap-6">
      <div>
        <ErrorBanner message={banner} onClose={() => setBanner(null)} />
        <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      </div>

      <section aria-labelledby="bank-accounts" className="grid gap-3">
        <div>
          <h2 id="bank-accounts" className="text-lg font-bold">
            Rekening bank
          </h2>
          <p className="text-sm text-stone-600">Pembeli yang memilih transfer manual melihat rekening ini, yang pertama sebagai rekening utama. Maksimal {MAX_BANK_ACCOUNTS} rekening.</p>
        </div>
        {form.bank_accounts.length === 0 && <p className="rounded-xl border border-dashed border-stone-300 bg-white p-4 text-sm text-stone-600">Belum ada rekening. Tanpa rekening, pembeli tidak tahu ke mana harus mentransfer.</p>}
        {form.bank_accounts.map((row, i) => (
          <BankAccountFields key={row.key} index={i} row={row} errors={errors} onChange={(r) => setRow(i, r)} onRemove={() => removeRow(i)} />
        ))}
        {errors.bank_accounts && <p className="text-sm text-red-700">{errors.bank_accounts}</p>}
        <div>
          <button type="button" className={buttonStyles.secondary} disabled={form.bank_accounts.length >= MAX_BANK_ACCOUNTS} onClick={() => set('bank_accounts', [...form.bank_accounts, newBankRow()])}>
            + Tambah rekening
          </button>
          {form.bank_accounts.length >= MAX_BANK_ACCOUNTS && <p className="mt-1 text-xs text-stone-500">Sudah {MAX_BANK_ACCOUNTS} rekening, batas maksimal.</p>}
        </div>
      </section>

      <section aria-labelledby="unique-code" className="grid gap-2">
        <h2 id="unique-code" className="text-lg font-bold">
          Kode unik
        </h2>
        <CheckboxField id="payment-unique-code" label="Tambahkan kode unik pada transfer manual" checked={form.unique_code_enabled} onChange={(e) => set('unique_code_enabled', e.target.checked)} />
        <p className="text-sm text-stone-600">
          Setiap pesanan transfer manual mendapat tambahan Rp1–Rp999 yang berbeda-beda, tampil sebagai baris &ldquo;Kode unik&rdquo; dan ikut dibayar pembeli. Dengan jumlah yang tidak kembar, transfer yang masuk ke rekening mudah dicocokkan dengan pesanannya. Berlaku untuk pesanan baru; pesanan yang sudah ada tidak berubah.
        </p>
      </section>

      <section aria-labelledby="payment-limits" className="grid gap-3">
        <h2 id="payment-limits" className="text-lg font-bold">
          Batas waktu dan pembatasan
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {number('manual_deadline_hours', 'Batas waktu pembayaran (jam)', 'Pesanan transfer yang belum dibayar lewat batas ini dibatalkan dan stoknya kembali. 1–168 jam.', 1, 168)}
          {number('max_line_quantity', 'Jumlah maksimal per barang dalam satu pesanan', '1–1000.', 1, 1000)}
          {number('max_unpaid_per_email', 'Pesanan belum dibayar per email', 'Pesanan berikutnya ditolak sampai salah satunya dibayar atau kedaluwarsa. 1–100.', 1, 100)}
          {number('max_unpaid_per_address', 'Pesanan belum dibayar per alamat kirim', 'Seperti batas per email, tetapi dihitung per alamat pengiriman. 1–100.', 1, 100)}
        </div>
      </section>

      <section aria-labelledby="payment-notify" className="grid gap-3">
        <h2 id="payment-notify" className="text-lg font-bold">
          Pemberitahuan
        </h2>
        <TextField
          id="payment-notify_email"
          label="Email pemberitahuan"
          type="email"
          value={form.notify_email}
          error={errors.notify_email}
          maxLength={254}
          hint="Pesanan baru dan bukti transfer diberitahukan ke alamat ini. Kosongkan untuk memakai email profil toko."
          onChange={(e) => set('notify_email', e.target.value)}
        />
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan…' : 'Simpan pengaturan'}
        </button>
      </div>
    </form>
  );
}

export default function PaymentSettingsPage() {
  const settings = usePaymentSettings();
  return (
    <div>
      <AdminPageHeader title="Pengaturan pembayaran" description="Rekening tujuan transfer, kode unik, batas waktu pembayaran, dan pembatasan pesanan belum dibayar." />
      {settings.isError && (
        <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <span>{failureMessage(settings.error, messages.loadFailed)}</span>
          <button type="button" className={buttonStyles.small} onClick={() => void settings.refetch()} disabled={settings.isFetching}>
            Coba lagi
          </button>
        </div>
      )}
      {settings.isPending && <p role="status">Memuat pengaturan…</p>}
      {/* The form starts from what the server holds; it is mounted once that has arrived. */}
      {settings.data && <SettingsForm initial={toForm(settings.data)} />}
    </div>
  );
}
