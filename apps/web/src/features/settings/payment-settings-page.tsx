/**
 * "Pengaturan pembayaran" (decision 013): the accounts a manual transfer goes to, kode unik, the
 * payment deadline, the abuse caps and where notices go. Checked with the core schema before it is
 * sent; the server's own field messages show under the same fields.
 */
import { useEffect, useState } from 'react';
import { useFieldArray, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { paymentSettingsSchema, type PaymentSettings } from '@pasar/core/settings';
import { AdminPageHeader, buttonStyles } from '../../components/admin/admin-ui';
import { draftRestoredMessage, errorAt, failureMessage, Field, setServerErrors, useFormDraft, useUnsavedChanges, useZodForm } from '../../components/form';
import { issueMessage, MAX_BANK_ACCOUNTS, newBankRow, toCandidate, toForm, type BankAccountRow, type PaymentSettingsForm } from './payment-settings-form';
import { usePaymentSettings, useSavePaymentSettings } from './api/payment-settings-api';
import { TimeZoneSetting } from './time-zone-setting';
import { ListBanners } from '../../components/admin/row-actions';

type NumberField = 'manual_deadline_hours' | 'verification_window_hours' | 'max_unpaid_per_email' | 'max_unpaid_per_address' | 'max_line_quantity' | 'max_unpaid_per_account' | 'max_order_units' | 'payment_reminder_hours' | 'shipment_auto_complete_days';

const messages = {
  loadFailed: 'Gagal memuat pengaturan pembayaran.',
  saveFailed: 'Gagal menyimpan pengaturan pembayaran.',
  saved: 'Pengaturan pembayaran disimpan.',
  recheck: 'Periksa kembali isian yang ditandai merah.',
} as const;

function BankAccountFields({ index, row, errors, register, onRemove }: { index: number; row: BankAccountRow; errors: FieldErrors<PaymentSettingsForm>; register: UseFormRegister<PaymentSettingsForm>; onRemove: () => void }) {
  const at = (field: keyof Omit<BankAccountRow, 'key'>) => ({ error: errorAt(errors, `bank_accounts.${index}.${field}`), ...register(`bank_accounts.${index}.${field}`) });
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-3">
      <legend className="px-1 text-sm font-bold text-stone-800">
        Rekening {index + 1}
        {index === 0 && <span className="font-normal text-stone-500"> (utama)</span>}
      </legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={`bank-${row.key}-bank`} label="Nama bank" placeholder="BCA" maxLength={60} {...at('bank_name')} />
        <Field id={`bank-${row.key}-number`} label="Nomor rekening" inputMode="numeric" maxLength={40} {...at('account_number')} />
        <Field id={`bank-${row.key}-name`} label="Atas nama" maxLength={120} {...at('account_name')} />
      </div>
      <div className="mt-2 flex justify-end">
        <button type="button" className={buttonStyles.danger} onClick={onRemove} aria-label={`Hapus rekening ${index + 1}`}>
          Hapus
        </button>
      </div>
    </fieldset>
  );
}

/**
 * Issue 31 item 15: saving the time zone redraws every screen from the route root, which mounts
 * this form afresh (and the old one goes only after the new one is up). So the form keeps its
 * unsaved values here as they are typed, and a form mounted on the same path by another instance
 * starts from them, still marked unsaved. Leaving the page (which asks first) drops them.
 */
let liveDraft: { path: string; owner: object; values: PaymentSettingsForm } | null = null;

/** The same settings, whatever the rows' React keys. */
const sameSettings = (a: PaymentSettingsForm, b: PaymentSettingsForm) => JSON.stringify(a, (k, v: unknown) => (k === 'key' ? undefined : v)) === JSON.stringify(b, (k, v: unknown) => (k === 'key' ? undefined : v));

function SettingsForm({ initial }: { initial: PaymentSettingsForm }) {
  // The core schema the API applies, read from what the inputs make (payment-settings-form.ts).
  const form = useZodForm(paymentSettingsSchema, { defaultValues: initial, toInput: toCandidate, schemaOptions: { error: issueMessage } });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const rows = useFieldArray({ control: form.control, name: 'bank_accounts', keyName: 'fieldId' });
  const [owner] = useState(() => ({}));
  // Issue 31 item 18: a session that runs out keeps the unsaved settings for after signing in.
  const draft = useFormDraft(form, 'payment-settings', null);
  const [restored] = useState(() => draft !== null);
  // After useFieldArray's own effect, which listens for the rows a reset brings.
  useEffect(() => {
    const path = window.location.pathname;
    const kept = draft ? draft.values : liveDraft?.path === path && liveDraft.owner !== owner && !sameSettings(liveDraft.values, initial) ? liveDraft.values : null;
    // Against the server's values as defaults, so the draft still counts as unsaved.
    if (kept) form.reset(kept, { keepDefaultValues: true });
    const typing = form.watch(() => {
      const values = form.getValues();
      // Against the form's current defaults: after a save they are the saved values, and nothing is kept.
      liveDraft = sameSettings(values, form.formState.defaultValues as PaymentSettingsForm) ? null : { path, owner, values };
    });
    return () => {
      typing.unsubscribe();
      if (liveDraft?.owner === owner && window.location.pathname !== path) liveDraft = null;
    };
    // Once per mounted form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(restored ? draftRestoredMessage : null);
  const save = useSavePaymentSettings();
  // Field errors are keyed by position: removing a row would move its neighbours' messages onto the wrong row.
  const removeRow = (index: number) => {
    rows.remove(index);
    form.clearErrors();
  };

  const submit = async (settings: PaymentSettings) => {
    try {
      const result = await save.mutateAsync(settings);
      form.reset(toForm(result.data));
      setNotice(result.message ?? messages.saved);
    } catch (error) {
      const marked = setServerErrors(error, form.setError);
      setBanner(marked > 0 ? `${messages.recheck} ${failureMessage(error, messages.saveFailed)}` : failureMessage(error, messages.saveFailed));
    }
  };

  const number = (id: NumberField, label: string, hint: string, min: number, max: number) => (
    <Field id={`payment-${id}`} label={label} type="number" inputMode="numeric" min={min} max={max} step={1} hint={hint} error={errors[id]?.message} {...form.register(id)} />
  );

  return (
    <form
      onSubmit={(e) => {
        setBanner(null);
        setNotice(null);
        void form.handleSubmit(submit, () => setBanner(messages.recheck))(e);
      }}
      noValidate
      className="grid max-w-3xl gap-6"
    >
      <div>
        <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />
      </div>

      <section aria-labelledby="bank-accounts" className="grid gap-3">
        <div>
          <h2 id="bank-accounts" className="text-lg font-bold">
            Rekening bank
          </h2>
          <p className="text-sm text-stone-600">Pembeli yang memilih transfer manual melihat rekening ini, yang pertama sebagai rekening utama. Maksimal {MAX_BANK_ACCOUNTS} rekening.</p>
        </div>
        {rows.fields.length === 0 && <p className="rounded-xl border border-dashed border-stone-300 bg-white p-4 text-sm text-stone-600">Belum ada rekening. Tanpa rekening, pembeli tidak tahu ke mana harus mentransfer.</p>}
        {rows.fields.map((row, i) => (
          <BankAccountFields key={row.fieldId} index={i} row={row} errors={errors} register={form.register} onRemove={() => removeRow(i)} />
        ))}
        {errorAt(errors, 'bank_accounts') && <p className="text-sm text-red-700">{errorAt(errors, 'bank_accounts')}</p>}
        <div>
          <button type="button" className={buttonStyles.secondary} disabled={rows.fields.length >= MAX_BANK_ACCOUNTS} onClick={() => rows.append(newBankRow(), { shouldFocus: false })}>
            + Tambah rekening
          </button>
          {rows.fields.length >= MAX_BANK_ACCOUNTS && <p className="mt-1 text-xs text-stone-500">Sudah {MAX_BANK_ACCOUNTS} rekening, batas maksimal.</p>}
        </div>
      </section>

      <section aria-labelledby="unique-code" className="grid gap-2">
        <h2 id="unique-code" className="text-lg font-bold">
          Kode unik
        </h2>
        <Field id="payment-unique-code" type="checkbox" label="Tambahkan kode unik pada transfer manual" {...form.register('unique_code_enabled')} />
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
          {number('verification_window_hours', 'Batas verifikasi bukti transfer (jam)', 'Dihitung sekali sejak bukti pertama. Bukti yang belum dikonfirmasi sampai batas ini: pesanan dibatalkan dan stoknya kembali. 1–168 jam.', 1, 168)}
          {number('max_line_quantity', 'Jumlah maksimal per barang dalam satu pesanan', '1–1000.', 1, 1000)}
          {number('max_unpaid_per_email', 'Pesanan belum dibayar per email', 'Pesanan berikutnya ditolak sampai salah satunya dibayar atau kedaluwarsa. 1–100.', 1, 100)}
          {number('max_unpaid_per_address', 'Pesanan belum dibayar per alamat kirim', 'Seperti batas per email, tetapi dihitung per alamat pengiriman. 1–100.', 1, 100)}
          {number('max_unpaid_per_account', 'Pesanan belum dibayar per akun', 'Seperti batas per email, untuk pembeli yang masuk dengan akunnya. 1–100.', 1, 100)}
          {number('max_order_units', 'Jumlah maksimal seluruh barang dalam satu pesanan', 'Semua baris pesanan dijumlahkan. 1–10000.', 1, 10000)}
          {number('payment_reminder_hours', 'Pengingat pembayaran (jam sebelum batas waktu)', 'Pembeli diingatkan sekali sebelum pesanan kedaluwarsa. 0 berarti tanpa pengingat; 0–72.', 0, 72)}
          {number('shipment_auto_complete_days', 'Pesanan selesai otomatis (hari setelah sampai)', 'Kiriman yang sudah sampai dianggap diterima bila pembeli belum mengonfirmasi. 1–30.', 1, 30)}
        </div>
      </section>

      <section aria-labelledby="payment-notify" className="grid gap-3">
        <h2 id="payment-notify" className="text-lg font-bold">
          Pemberitahuan
        </h2>
        <Field
          id="payment-notify_email"
          label="Email pemberitahuan"
          type="email"
          maxLength={254}
          hint="Pesanan baru dan bukti transfer diberitahukan ke alamat ini. Kosongkan untuk memakai email profil toko."
          error={errors.notify_email?.message}
          {...form.register('notify_email')}
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
      <TimeZoneSetting />
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
