import { describe, expect, it } from 'vitest';
import { formatRupiah } from '@pasar/core/money';
import { deskPages, moneyCard, unpaidCard } from './revenue-card';

const summary = (over: { revenue: number; cancelled_amount: number; cancelled: number; unpaid_amount?: number }) => ({
  count: 4,
  revenue: over.revenue,
  unpaid_amount: over.unpaid_amount ?? 0,
  cancelled_amount: over.cancelled_amount,
  by_status: { all: 4, pending: 1, confirmed: 1, shipped: 1, delivered: 0, cancelled: over.cancelled, verification: 0 },
});

describe('the order desk money cards', () => {
  it('shows the net money received: paid orders, cancelled ones too, less refunds (decision 050)', () => {
    expect(moneyCard(summary({ revenue: 150_000, cancelled_amount: 40_000, cancelled: 1 }), 'all')).toEqual({
      label: 'Pendapatan',
      value: formatRupiah(150_000),
      hint: 'Pesanan yang sudah dibayar, dikurangi pengembalian dana',
      tone: 'green',
    });
    expect(moneyCard(summary({ revenue: 150_000, cancelled_amount: 0, cancelled: 0 }), 'pending').hint).toBe('Pesanan yang sudah dibayar, dikurangi pengembalian dana');
  });

  it('never adds unpaid orders to the revenue: they have their own card', () => {
    const s = summary({ revenue: 150_000, cancelled_amount: 0, cancelled: 0, unpaid_amount: 72_345 });
    expect(moneyCard(s, 'all').value).toBe(formatRupiah(150_000));
    expect(unpaidCard(s, 'all')).toEqual({
      label: 'Menunggu pembayaran',
      value: formatRupiah(72_345),
      hint: 'Belum dibayar; belum termasuk pendapatan',
      tone: 'amber',
    });
  });

  it('on the cancelled tab shows what the cancelled orders were worth, labelled so, never a bare Rp0', () => {
    const card = moneyCard(summary({ revenue: 0, cancelled_amount: 40_000, cancelled: 1 }), 'cancelled');
    expect(card.label).toBe('Nilai pesanan dibatalkan');
    expect(card.value).toBe(formatRupiah(40_000));
    expect(card.hint).toBe('Tidak dihitung sebagai pendapatan');
    // A cancelled paid order not refunded in full still holds money: the hint says how much.
    expect(moneyCard(summary({ revenue: 5_000, cancelled_amount: 40_000, cancelled: 1 }), 'cancelled').hint).toBe(`Pendapatan bersih setelah pengembalian dana: ${formatRupiah(5_000)}`);
    expect(unpaidCard(summary({ revenue: 0, cancelled_amount: 40_000, cancelled: 1 }), 'cancelled').hint).toBe('Pesanan dibatalkan tidak ditagih');
  });

  it('keeps the label of the tab while its figures load', () => {
    expect(moneyCard(undefined, 'cancelled')).toMatchObject({ label: 'Nilai pesanan dibatalkan', value: '…' });
    expect(moneyCard(undefined, 'all')).toMatchObject({ label: 'Pendapatan', value: '…' });
    expect(unpaidCard(undefined, 'all')).toMatchObject({ label: 'Menunggu pembayaran', value: '…' });
  });

  it('writes every sum as a lower bound when the search counted only up to its cap', () => {
    const s = summary({ revenue: 150_000, cancelled_amount: 40_000, cancelled: 1, unpaid_amount: 72_345 });
    expect(moneyCard(s, 'all', true)).toMatchObject({ value: `${formatRupiah(150_000)}+`, hint: 'Pesanan yang sudah dibayar, dikurangi pengembalian dana' });
    expect(moneyCard(s, 'cancelled', true).value).toBe(`${formatRupiah(40_000)}+`);
    expect(unpaidCard(s, 'all', true).value).toBe(`${formatRupiah(72_345)}+`);
    expect(moneyCard(s, 'all', false).value).toBe(formatRupiah(150_000));
  });

  it('counts the pages exactly, or as a lower bound that goes on while pages come back full when the search counted up to its cap', () => {
    const full = Array.from({ length: 20 });
    expect(deskPages({ total: 45, page_size: 20, items: full }, 2)).toEqual({ count: '3', more: true });
    expect(deskPages({ total: 45, page_size: 20, items: full.slice(0, 5), approximate: false }, 3)).toEqual({ count: '3', more: false });
    expect(deskPages({ total: 1000, page_size: 20, items: full, approximate: true }, 50)).toEqual({ count: '50+', more: true });
    expect(deskPages({ total: 1000, page_size: 20, items: full, approximate: true }, 64)).toEqual({ count: '64+', more: true });
    expect(deskPages({ total: 1000, page_size: 20, items: full.slice(0, 7), approximate: true }, 80)).toEqual({ count: '80+', more: false });
  });
});
