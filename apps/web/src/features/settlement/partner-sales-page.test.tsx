import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PartnerSales, PayoutList } from '@pasar/core/settlement';
import { monthPeriod } from '@pasar/core/time';
import { formatRupiah } from '@pasar/core/money';
import { storeDate } from '@pasar/core/time';
import PartnerSalesPage from './partner-sales-page';

const today = storeDate(new Date());
const from = monthPeriod(today.slice(0, 7)).from;

const sales: PartnerSales = {
  from,
  to: today,
  commission_percent: 7.5,
  days: [
    { key: from, goods: 40_000, refunds: 5_000, commission: 2_625, shipping: 9_000, net: 41_375 },
    // A day with only a refund of goods paid out earlier: the commission on them comes back.
    { key: `${from.slice(0, 8)}02`, goods: 0, refunds: 5_000, commission: -375, shipping: 0, net: -4_625 },
  ],
  months: [{ key: from.slice(0, 7), goods: 40_000, refunds: 5_000, commission: 2_625, shipping: 9_000, net: 41_375 }],
  total_paid: 120_000,
  total_owed: -4_500,
  closed_until: '2026-10-31',
};
const payouts: PayoutList = {
  payouts: [
    {
      id: 1,
      business_id: 3,
      business_name: 'Keripik Bu Sri',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      goods: 130_000,
      refunds: 0,
      commission: 9_750,
      shipping: 0,
      carried_in: 0,
      owed: 120_250,
      amount: 120_000,
      carried_out: 250,
      paid_on: '2026-11-02',
      bank_reference: 'BCA-TRF-0911',
      note: null,
      actor_name: 'admin',
      created_at: '2026-11-02T03:00:00.000Z',
    },
  ],
};

function render(): string {
  const client = new QueryClient();
  client.setQueryData(['mitra', 'sales', from, today], sales);
  client.setQueryData(['mitra', 'sales', 'payouts'], payouts);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PartnerSalesPage />
    </QueryClientProvider>,
  );
}

describe('the partner’s Penjualan', () => {
  it('shows paid and owed, the day’s figures with refunds and its own shipping, and each payout with its reference', () => {
    const html = render();
    for (const amount of [120_000, 40_000, 2_625, 9_000, 41_375]) expect(html).toContain(formatRupiah(amount));
    expect(html).toContain(`−${formatRupiah(5_000)}`);
    // A negative balance (refunds that outran sales) reads as such, in red.
    expect(html).toMatch(/text-red-700[^"]*">[^<]*4\.500/);
    expect(html).toContain('Komisi 7,5%');
    expect(html).toContain(`+${formatRupiah(375)}`);
    expect(html).not.toContain('−-');
    expect(html).toContain('Ref. BCA-TRF-0911');
    expect(html).toContain(`Sisa ${formatRupiah(250)} terbawa ke periode berikutnya.`);
    expect(html).toContain('Unduh PDF');
    expect(html).toContain('Unduh CSV');
  });
});
