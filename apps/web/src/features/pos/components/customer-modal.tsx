import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/admin/admin-ui';
import type { PosCustomer } from '../sale-payload';
import { Field } from '../../../components/form';

/** Spec §5: the customer's name, phone and e-mail are optional. */
export function CustomerModal({ customer, onChange, onClose }: { customer: PosCustomer; onChange: (customer: PosCustomer) => void; onClose: () => void }) {
  return (
    <Modal title="Data pelanggan" onClose={onClose}>
      <div className="grid gap-3">
        <Field id="pos-customer-name" label="Nama (opsional)" value={customer.name} onChange={(e) => onChange({ ...customer, name: e.target.value })} />
        <Field id="pos-customer-phone" label="Telepon (opsional)" type="tel" value={customer.phone} onChange={(e) => onChange({ ...customer, phone: e.target.value })} />
        <Field id="pos-customer-email" label="Email (opsional)" type="email" value={customer.email} onChange={(e) => onChange({ ...customer, email: e.target.value })} />
        <div className="flex justify-end">
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            Simpan
          </button>
        </div>
      </div>
    </Modal>
  );
}
