/** The demo marketplace: a store in Kota Bandung, Jawa Barat (embedded area codes). */
import type { SettingKey, SettingValue } from '@pasar/core/settings';


export const demoUsers: { username: string; password: string; email: string; first_name: string; last_name: string; phone_number: string; role: 'admin' | 'operator' | 'customer' }[] = [
  { username: 'admin', password: 'admin12345', email: 'admin@pasarumkm.id', first_name: 'Admin', last_name: 'Pasar', phone_number: '022-4201234', role: 'admin' },
  { username: 'operator', password: 'operator12345', email: 'operator@pasarumkm.id', first_name: 'Operator', last_name: 'Pasar', phone_number: '022-4201235', role: 'operator' },
  { username: 'pembeli', password: 'pembeli12345', email: 'pembeli@contoh.id', first_name: 'Siti', last_name: 'Rahmawati', phone_number: '081234567890', role: 'customer' },
];

export const STORE_PROVINCE = { id: 32, name: 'Jawa Barat' } as const;
export const STORE_CITY = { id: 3273, name: 'Kota Bandung' } as const;
export const STORE_DISTRICT = { id: 327319, name: 'Sumur Bandung' } as const;

export const demoSettings: { [K in SettingKey]: SettingValue<K> } = {
  // Bandung keeps Western Indonesian Time.
  time_zone: { time_zone: 'Asia/Jakarta' },
  store_location: {
    province_id: STORE_PROVINCE.id,
    province_name: STORE_PROVINCE.name,
    city_id: STORE_CITY.id,
    city_name: STORE_CITY.name,
    district_id: STORE_DISTRICT.id,
    district_name: STORE_DISTRICT.name,
    address: 'Jl. Wastukencana No. 2, Babakan Ciamis',
    postcode: '40117',
  },
  pos_pickup: {
    pickup_name: 'Galeri Pasar UMKM Kota Bandung',
    pickup_phone: '022-4201234',
    pickup_address: 'Jl. Wastukencana No. 2, Babakan Ciamis',
    pickup_district: 'Sumur Bandung',
    pickup_city: 'Kota Bandung',
    pickup_province: 'Jawa Barat',
    pickup_postcode: '40117',
  },
  bank_account: { bank_name: 'Bank BJB', account_number: '0001234567890', account_name: 'Koperasi Pasar UMKM Kota Bandung' },
  // Synthetic merchant from docs/integrations.md §3, never a real account.
  qris: {
    payload:
      '00020101021126690017ID.CO.EXAMPLE.WWW011893600000000000000102150000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10000000000010303UMI5204581253033605802ID5911TOKO CONTOH6010YOGYAKARTA61055511162070703A0163046291',
    merchant_name: 'TOKO CONTOH',
  },
  partner_program: { commission_percent: 5, curate_new_products: true, curate_changes: true, ship_within_days: 2 },
  payments: {
    bank_accounts: [
      { bank_name: 'Bank BJB', account_number: '0001234567890', account_name: 'Koperasi Pasar UMKM Kota Bandung' },
      { bank_name: 'Bank Mandiri', account_number: '1300012345678', account_name: 'Koperasi Pasar UMKM Kota Bandung' },
    ],
    unique_code_enabled: false,
    manual_deadline_hours: 24,
    verification_window_hours: 48,
    max_unpaid_per_email: 3,
    max_unpaid_per_address: 3,
    max_line_quantity: 50,
    max_unpaid_per_account: 3,
    max_order_units: 200,
    payment_reminder_hours: 6,
    shipment_auto_complete_days: 3,
    notify_email: '',
  },
  // The demo shop may offer the sandbox gateway (docs/decisions/013-payments.md); a real shop never has this row.
  demo: { seeded_at: '2026-01-01T00:00:00.000Z' },
  store_profile: {
    name: 'Pasar UMKM Kota Bandung',
    tagline: 'Produk lokal pilihan dari UMKM Kota Bandung',
    phone: '022-4201234',
    email: 'halo@pasarumkm.id',
    address: 'Jl. Wastukencana No. 2, Babakan Ciamis, Sumur Bandung, Kota Bandung 40117',
    instagram: 'https://instagram.com/pasarumkm.bdg',
    facebook: 'https://facebook.com/pasarumkm.bdg',
  },
};
