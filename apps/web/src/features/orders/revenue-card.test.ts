import { describe, expect, it } from 'vitest';
import { formatRupiah } from '@pasar/core/money';
import { moneyCard } from './revenue-card';

const summary = (over: { revenue: number; cancelled_amount: number; cancelled: number }) => ({
  count: 4,
  revenue: over.revenue,
  cancelled_amount: over.cancelled_amount,
  by_status: { all: 4, pending: 1, confirmed: 1, shipped: 1, delivered: 0, cancelled: over.cancelled },
});

describe('the order desk money card', () => {
  it('shows revenue, naming the cancelled orders it leaves out', () => {
    expect(moneyCard(summary({ revenue: 150_000, cancelled_amount: 40_000, cancelled: 1 }), 'all')).toEqual({
      label: 'Pendapatan',
      value: formatRupiah(150_000),
      hint: `Tanpa 1 pesanan dibatalkan (${formatRupiah(40_000)})`,
      tone: 'green',
    });
    expect(moneyCard(summary({ revenue: 150_000, cancelled_amount: 0, cancelled: 0 }), 'pending').hint).toBe('Tanpa pesanan dibatalkan');
  });

  it('on the cancelled tab shows what the cancelled orders were worth, labelled so, never a bare Rp0', () => {
    const card = moneyCard(summary({ revenue: 0, cancelled_amount: 40_000, cancelled: 1 }), 'cancelled');
    expect(card.label).toBe('Nilai pesanan dibatalkan');
    expect(card.value).toBe(formatRupiah(40_000));
    expect(card.hint).toBe('Tidak dihitung sebagai pendapatan');
  });

  it('keeps the label of the tab while its figures load', () => {
    expect(moneyCard(undefined, 'cancelled')).toMatchObject({ label: 'Nilai pesanan dibatalkan', value: '…' });
    expect(moneyCard(undefined, 'all')).toMatchObject({ label: 'Pendapatan', value: '…' });
  });
});
