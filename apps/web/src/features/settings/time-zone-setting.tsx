/**
 * The store's time zone (issue 17): one setting, default Asia/Jakarta (WIB), in which the back
 * office, the storefront's order pages, receipts, the CSV export and the e-mails show every date.
 * Saved on its own (one choice, applied at once), so it is not part of the payment form's draft.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORE_TIME_ZONES, timeZoneName, type StoreTimeZone } from '@pasar/core/time';
import { buttonStyles, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { failureMessage } from '../../components/form';
import { apiRequest } from '../../lib/api-client';
import { useStoreSettings } from '../../lib/store-settings';

const regions: Record<StoreTimeZone, string> = {
  'Asia/Jakarta': 'Jawa dan Sumatra',
  'Asia/Pontianak': 'Kalimantan Barat dan Tengah',
  'Asia/Makassar': 'Bali, Nusa Tenggara, Sulawesi, Kalimantan Selatan, Timur dan Utara',
  'Asia/Jayapura': 'Maluku dan Papua',
};

/**
 * A new zone redraws every screen from the route root (lib/store-settings.ts), this one included,
 * so the saved message is kept here to be shown by the redrawn form.
 */
let savedMessage: string | null = null;

export function TimeZoneSetting() {
  const current = useStoreSettings((s) => s.time_zone).data;
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(() => {
    const message = savedMessage;
    savedMessage = null;
    return message;
  });
  const save = useMutation({
    mutationFn: (time_zone: string) => apiRequest<{ time_zone: string }>('/settings/time-zone', { method: 'PUT', body: { time_zone } }),
    onSuccess: (result) => {
      savedMessage = result.message ?? null;
      setNotice(savedMessage);
      setChosen(null);
      return client.invalidateQueries({ queryKey: ['settings', 'store'] });
    },
  });
  const value = chosen ?? current ?? '';
  return (
    <section aria-labelledby="time-zone-heading" className="mb-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id="time-zone-heading" className="text-lg font-bold">
        Zona waktu toko
      </h2>
      <p className="mb-3 text-sm text-stone-600">Semua tanggal dan jam di dasbor, pesanan, struk, ekspor CSV, dan email ditampilkan dalam zona ini.</p>
      <ErrorBanner message={save.isError ? failureMessage(save.error, 'Gagal menyimpan zona waktu.') : null} />
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setNotice(null);
          if (value) save.mutate(value);
        }}
      >
        <div className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          <label htmlFor="store-time-zone">Zona waktu</label>
          <select id="store-time-zone" value={value} onChange={(e) => setChosen(e.target.value)} className="rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal">
            {STORE_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneName(zone)} — {regions[zone]} ({zone})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending || !chosen || chosen === current}>
          {save.isPending ? 'Menyimpan…' : 'Simpan zona waktu'}
        </button>
      </form>
    </section>
  );
}
