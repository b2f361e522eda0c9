import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { partnerShipmentMessages, type PartnerShipment } from '@pasar/core/partner-shipments';
import { ShipmentCard } from './partner-shipments-page';
import { Slip } from './packing-slip-page';

const base: PartnerShipment = {
  id: 7,
  order_id: 42,
  order_code: '#42',
  ordered_at: '2026-11-27T01:00:00.000Z',
  paid_at: '2026-11-27T02:00:00.000Z',
  buyer_name: 'Sari Pembeli',
  buyer_phone: '081200000000',
  shipping_address: 'Jl. Braga No. 5',
  shipping_district: 'Sumur Bandung',
  shipping_city: 'Kota Bandung',
  shipping_province: 'Jawa Barat',
  shipping_postcode: '40111',
  kind: 'national',
  courier_name: 'JNE',
  service: 'REG',
  status: 'packing',
  status_label: 'Dikemas',
  filter: 'to_send',
  prepared_at: null,
  shipped_at: null,
  tracking_number: null,
  ship_by: '2026-11-29T16:59:59.999Z',
  late: false,
  resi_required: true,
  shipped_by_partner: false,
  items: [{ id: 1, product_name: 'Keripik Singkong', variant_label: '250 g', options: [{ group: 'Rasa', value: 'Pedas' }], quantity: 2 }],
  can_act: true,
  cannot_act_reason: null,
  version: 1,
};

const card = (over: Partial<PartnerShipment>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ShipmentCard shipment={{ ...base, ...over }} onMessage={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('a parcel on the partner\'s Pesanan', () => {
  it('shows the buyer, the own items, the courier and the deadline, and offers Siapkan first', () => {
    const html = card({});
    for (const text of ['Sari Pembeli', 'Jl. Braga No. 5', 'Kec. Sumur Bandung, Kota Bandung', 'Keripik Singkong', 'Rasa: Pedas', '×2', 'JNE', 'Kirim paling lambat']) expect(html).toContain(text);
    expect(html).toContain('>Siapkan</button>');
    expect(html).not.toContain('>Kirim</button>');
    expect(html).not.toContain(partnerShipmentMessages.late);
  });

  it('offers Kirim once prepared, and marks a late parcel red', () => {
    const html = card({ prepared_at: '2026-11-27T03:00:00.000Z', late: true });
    expect(html).toContain('>Kirim</button>');
    expect(html).not.toContain('>Siapkan</button>');
    expect(html).toContain(partnerShipmentMessages.late);
    expect(html).toMatch(/class="[^"]*text-red-700[^"]*"[^>]*>.*Kirim paling lambat/);
  });

  it('says why instead of a button when the parcel is not the partner\'s to send', () => {
    const html = card({ can_act: false, cannot_act_reason: partnerShipmentMessages.mixed });
    expect(html).toContain(partnerShipmentMessages.mixed);
    expect(html).not.toContain('>Siapkan</button>');
    expect(html).not.toContain('>Kirim</button>');
  });

  it('shows the resi and no action once sent', () => {
    const html = card({ status: 'shipped', status_label: 'Dikirim', filter: 'shipped', tracking_number: 'CGK0001', shipped_at: '2026-11-28T03:00:00.000Z', can_act: false, shipped_by_partner: true });
    expect(html).toContain('Resi: CGK0001');
    expect(html).not.toContain('Kirim paling lambat');
    expect(html).not.toContain('>Kirim</button>');
  });
});

describe('the packing slip', () => {
  it('prints the store, the order, the buyer, the courier and resi, and the own lines, in both sizes', () => {
    for (const size of ['58', 'a4'] as const) {
      const html = renderToStaticMarkup(<Slip shipment={{ ...base, tracking_number: 'CGK0001' }} storeName="Pasar UMKM Kota Bandung" size={size} />);
      for (const text of ['Pasar UMKM Kota Bandung', 'Pesanan #42', 'Sari Pembeli', 'Telp 081200000000', 'Jl. Braga No. 5', 'Jawa Barat 40111', 'JNE REG', 'Resi: CGK0001', 'Keripik Singkong']) expect(html).toContain(text);
      expect(html.includes('<table')).toBe(size === 'a4');
    }
  });
});
