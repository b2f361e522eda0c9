/** Editing the POS pickup information and the store's static QRIS payload (admin). */
import { useState, type FormEvent } from 'react';
import { isValidQris, posMessages, type PosSettingsView } from '@pasar/core/pos';
import type { PosPickup } from '@pasar/core/settings';
import { Modal } from '../../../components/modal';
import { ErrorBanner, FormActions } from '../../../components/admin/admin-ui';
import { useSavePosSettings } from '../api/pos-api';
import { Field, failureMessage } from '../../../components/form';

const pickupFields: { key: keyof PosPickup; label: string }[] = [
  { key: 'pickup_name', label: 'Nama lokasi' },
  { key: 'pickup_phone', label: 'Telepon' },
  { key: 'pickup_address', label: 'Alamat' },
  { key: 'pickup_district', label: 'Kecamatan' },
  { key: 'pickup_city', label: 'Kota' },
  { key: 'pickup_province', label: 'Provinsi' },
  { key: 'pickup_postcode', label: 'Kode pos' },
];

export function PosSettingsModal({ current, onClose, onSaved }: { current: PosSettingsView | undefined; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSavePosSettings();
  const [pickup, setPickup] = useState(() => Object.fromEntries(pickupFields.map((f) => [f.key, current?.[f.key] ?? ''])) as PosPickup);
  const [payload, setPayload] = useState(current?.qris_payload ?? '');
  const [merchant, setMerchant] = useState(current?.qris_merchant_name ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (payload.trim() && !isValidQris(payload.trim())) return setError(posMessages.badQris);
    try {
      const result = await save.mutateAsync({ pickup, qris: { payload: payload.trim(), merchant_name: merchant.trim() } });
      onSaved(result.message ?? posMessages.settingsSaved);
      onClose();
    } catch (err) {
      setError(failureMessage(err, 'Gagal menyimpan pengaturan POS.'));
    }
  };

  return (
    <Modal title="Pengaturan POS" onClose={onClose} wide guardEdits>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ErrorBanner message={error} />
        </div>
        {pickupFields.map((f) => (
          <Field key={f.key} id={`pos-${f.key}`} label={f.label} value={pickup[f.key]} onChange={(e) => setPickup({ ...pickup, [f.key]: e.target.value })} />
        ))}
        <div className="sm:col-span-2">
          <Field as="textarea" id="pos-qris-payload" label="Payload QRIS statis toko" value={payload} onChange={(e) => setPayload(e.target.value)} hint="Teks hasil pindai QRIS statis toko (dimulai 000201, diakhiri 6304 dan 4 karakter CRC). Kosongkan bila toko belum punya QRIS." rows={4} />
        </div>
        <Field id="pos-qris-merchant" label="Nama merchant (opsional)" value={merchant} onChange={(e) => setMerchant(e.target.value)} />
        <FormActions label="Simpan" pending={save.isPending} onCancel={onClose} className="items-end" />
      </form>
    </Modal>
  );
}
