/**
 * A partner's statement as CSV (the orders export's cell rule and BOM) and as a one-page PDF
 * (pdfkit): the store, the partner, the period, the figures in Rupiah and the payouts, dates in the
 * store's time zone.
 */
import PDFDocument from 'pdfkit';
import { formatRupiah } from '@pasar/core/money';
import { settlementLabels, type Statement } from '@pasar/core/settlement';
import { formatDateTime, storeDateTime, timeZoneName } from '@pasar/core/time';
import { csvCell } from '../orders/admin-orders.service';

type FullStatement = Statement & { timeZone: string; storeName: string };

/** A deduction as the statement reads it; a negative one (commission given back) is an addition. */
const less = (n: number) => (n < 0 ? `+ ${formatRupiah(-n)}` : `- ${formatRupiah(n)}`);
const row = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(',');
const dateOf = (day: string, timeZone: string) => formatDateTime(new Date(`${day}T12:00:00Z`), { style: 'date', timeZone });

/** Figures in whole rupiah as plain numbers, so a spreadsheet sums them. */
export function statementCsv(s: FullStatement): string {
  const f = s.settlement;
  const lines = [
    row(['Laporan', 'Laporan penjualan mitra']),
    row(['Toko', s.storeName]),
    row(['Mitra', s.business.name]),
    row(['Periode awal', f.period_start]),
    row(['Periode akhir', f.period_end]),
    row(['Komisi (%)', f.commission_percent]),
    '',
    row(['Rincian', 'Jumlah (Rp)']),
    row([settlementLabels.carried_in, f.carried_in]),
    row([settlementLabels.goods, f.goods]),
    row([settlementLabels.refunds, f.refunds]),
    row([settlementLabels.commission, f.commission]),
    row([settlementLabels.shipping, f.shipping]),
    row([settlementLabels.owed, f.owed]),
    '',
    row([`Tanggal (${timeZoneName(s.timeZone)})`, 'Jenis', 'Pesanan', 'Pengiriman', 'Barang', 'Ongkos kirim', 'Pengembalian']),
    ...[
      ...s.deliveries.map((d) => ({ at: d.delivered_at, cells: ['Terkirim', d.order_id, d.shipment_id, d.goods, d.shipping, 0] })),
      ...s.refunds.map((r) => ({ at: r.at, cells: ['Pengembalian dana', r.order_id, '', 0, 0, r.amount] })),
    ]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((e) => row([storeDateTime(new Date(e.at), s.timeZone), ...e.cells])),
    '',
    row(['Pembayaran', 'Periode awal', 'Periode akhir', 'Terutang', 'Dibayar', 'Sisa', 'Tanggal bayar', 'Referensi bank']),
    ...s.payouts.map((p) => row(['', p.period_start, p.period_end, p.owed, p.amount, p.carried_out, p.paid_on, p.bank_reference])),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** One A4 page: header, the figures, the payouts. */
export function statementPdf(s: FullStatement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Laporan penjualan ${s.business.name}`, Author: s.storeName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = s.settlement;
  const left = 48;
  const right = doc.page.width - 48;
  const line = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).text(label, left, y, { width: 300 });
    doc.text(value, left + 300, y, { width: right - left - 300, align: 'right' });
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(16).text(s.storeName, left);
  doc.font('Helvetica').fontSize(12).text('Laporan penjualan mitra');
  doc.moveDown(0.8);
  doc.fontSize(11).text(`Mitra: ${s.business.name}`);
  if (s.business.bank_name) doc.text(`Rekening: ${s.business.bank_name} ${s.business.bank_account_number ?? ''} a.n. ${s.business.bank_account_name ?? ''}`);
  doc.text(`Periode: ${dateOf(f.period_start, s.timeZone)} - ${dateOf(f.period_end, s.timeZone)}`);
  doc.text(`Komisi: ${String(f.commission_percent).replace('.', ',')}%`);
  doc.moveDown(0.8);

  line(settlementLabels.carried_in, formatRupiah(f.carried_in));
  line(settlementLabels.goods, formatRupiah(f.goods));
  line(settlementLabels.refunds, less(f.refunds));
  line(settlementLabels.commission, less(f.commission));
  line(settlementLabels.shipping, formatRupiah(f.shipping));
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.3);
  line(settlementLabels.owed, formatRupiah(f.owed), true);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(9).text(`${s.deliveries.length} pengiriman sampai, ${s.refunds.length} pengembalian dana pada periode ini.`, left);
  doc.moveDown(1);

  doc.font('Helvetica-Bold').fontSize(12).text('Pembayaran', left);
  doc.moveDown(0.3);
  if (s.payouts.length === 0) doc.font('Helvetica').fontSize(10).text('Belum ada pembayaran untuk periode ini.');
  // One page: a statement's range holds a handful of payouts; beyond fifteen the CSV has them all.
  for (const p of s.payouts.slice(0, 15)) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${dateOf(p.period_start, s.timeZone)} - ${dateOf(p.period_end, s.timeZone)}: dibayar ${formatRupiah(p.amount)} pada ${dateOf(p.paid_on, s.timeZone)}, ref. ${p.bank_reference}`, left, doc.y, { width: right - left });
  }
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(8).fillColor('#555555').text(`Tanggal menurut zona waktu toko (${timeZoneName(s.timeZone)}). Semua jumlah dalam rupiah penuh.`, left);
  doc.end();
  return done;
}
