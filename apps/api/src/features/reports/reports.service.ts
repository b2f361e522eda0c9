/** The office's sales report (issue 29 part 5, decision 058): the sales figures named and sorted, and its workbook. */
import ExcelJS from 'exceljs';
import { reportLabels, rollupSpans, sharePercent, storeRangeInstants, type SalesReport, type SalesReportQuery } from '@pasar/core/reports';
import { zoneOffsetMs } from '@pasar/core/time';
import type { DbOrTx } from '../../db/client';
import { storeTimeZone } from '../settings/settings.service';
import { DIMENSION, salesRows, type FigureRow } from './reports.repository';

const figuresOf = (f: FigureRow | undefined) => ({ orders: f?.orders ?? 0, items: f?.items ?? 0, gmv: f?.goods ?? 0 });
// One collator: localeCompare with a locale builds one per call, most of a report's CPU at 200 partners.
const collator = new Intl.Collator('id');
const byGmv = <T extends { gmv: number; name: string }>(a: T, b: T) => b.gmv - a.gmv || collator.compare(a.name, b.name);

export async function salesReport(db: DbOrTx, query: SalesReportQuery): Promise<SalesReport> {
  const timeZone = await storeTimeZone(db);
  const { start, end } = storeRangeInstants(query.from, query.to, timeZone);
  // Store zones keep one offset all year (core/time): read it once, not once per new partner.
  const offset = zoneOffsetMs(start, timeZone);
  const storeDay = (at: string) => new Date(new Date(at).getTime() + offset).toISOString().slice(0, 10);
  const rows = await salesRows(db, rollupSpans(start, end), start, end);
  const of = (dimension: number) => rows.figures.filter((f) => f.dimension === dimension);
  const businesses = new Map(rows.businesses.map((b) => [b.id, b]));
  const categories = new Map(rows.categories.map((c) => [c.id, c.name]));
  const isNew = (createdAt: string) => {
    const t = new Date(createdAt).getTime();
    return t >= start.getTime() && t < end.getTime();
  };

  const byPartner = of(DIMENSION.partner).map((f) => {
    const b = f.key === 0 ? undefined : businesses.get(f.key);
    return {
      business_id: f.key === 0 ? null : f.key,
      name: f.key === 0 ? reportLabels.store : (b?.name ?? `#${f.key}`),
      district_name: f.key === 0 ? '' : (b?.district_name ?? reportLabels.noDistrict),
      is_new: b ? isNew(b.created_at) : false,
      ...figuresOf(f),
    };
  });
  byPartner.sort(byGmv);

  // The kecamatan's partners that sold in the range; its name from any partner there.
  const sellersIn = new Map<number, number>();
  for (const f of of(DIMENSION.partner)) {
    if (f.key === 0 || f.orders <= 0) continue;
    const district = businesses.get(f.key)?.district_id ?? -1;
    sellersIn.set(district, (sellersIn.get(district) ?? 0) + 1);
  }
  const districtNames = new Map<number, { name: string; city: string }>();
  for (const b of rows.businesses) if (b.district_id !== null && !districtNames.has(b.district_id)) districtNames.set(b.district_id, { name: b.district_name ?? `#${b.district_id}`, city: b.city_name ?? '' });
  const byDistrict = of(DIMENSION.district).map((f) => ({
    key: f.key,
    district_id: f.key > 0 ? f.key : null,
    name: f.key === 0 ? reportLabels.store : f.key < 0 ? reportLabels.noDistrict : (districtNames.get(f.key)?.name ?? `#${f.key}`),
    city_name: f.key > 0 ? (districtNames.get(f.key)?.city ?? '') : '',
    partners: f.key === 0 ? 0 : (sellersIn.get(f.key) ?? 0),
    ...figuresOf(f),
  }));
  byDistrict.sort(byGmv);

  const byCategory = of(DIMENSION.category).map((f) => ({ category_id: f.key, name: categories.get(f.key) ?? reportLabels.unknownCategory, ...figuresOf(f) }));
  byCategory.sort(byGmv);

  const channel = new Map(of(DIMENSION.channel).map((f) => [f.key, f]));
  const newPartners = rows.businesses
    .filter((b) => isNew(b.created_at))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map((b) => ({ business_id: b.id, name: b.name, district_name: b.district_name ?? reportLabels.noDistrict, joined_on: storeDay(b.created_at) }));

  return {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    totals: figuresOf(of(DIMENSION.total)[0]),
    partners: { total: rows.totalPartners, new: newPartners.length, active: byPartner.filter((p) => p.business_id !== null && p.orders > 0).length },
    by_partner: byPartner,
    by_district: byDistrict,
    by_category: byCategory,
    by_channel: [
      { channel: 'online', name: reportLabels.online, ...figuresOf(channel.get(0)) },
      { channel: 'pos', name: reportLabels.pos, ...figuresOf(channel.get(1)) },
    ],
    new_partners: newPartners,
  };
}

// ---------------------------------------------------------------------------------------------
// The workbook

const RUPIAH = '"Rp"#,##0';
const COUNT = '#,##0';
const PERCENT = '0.0"%"';
const DATE = 'dd/mm/yyyy';

/** A store date as the spreadsheet's date: its midnight in UTC, which exceljs writes as that day's serial. */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

interface Column {
  header: string;
  width: number;
  format?: string;
}

function addTable(book: ExcelJS.Workbook, name: string, columns: Column[], rows: (string | number | Date)[][]): void {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, ...(c.format ? { style: { numFmt: c.format } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
}

/** One sheet per breakdown and a summary, numbers as numbers (Rupiah format) and dates as dates. */
export async function salesReportWorkbook(report: SalesReport): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Pasar UMKM';
  book.created = new Date();
  const L = reportLabels;
  const share = (gmv: number) => sharePercent(gmv, report.totals.gmv);

  const summary = book.addWorksheet(L.sheets.summary);
  summary.columns = [
    { header: L.sheets.summary, width: 28 },
    { header: '', width: 22 },
  ];
  summary.getRow(1).font = { bold: true };
  const put = (label: string, value: string | number | Date, format?: string) => {
    const row = summary.addRow([label, value]);
    if (format) row.getCell(2).numFmt = format;
  };
  put(L.from, excelDate(report.from), DATE);
  put(L.to, excelDate(report.to), DATE);
  put(L.timeZone, report.time_zone);
  put(L.gmv, report.totals.gmv, RUPIAH);
  put(L.orders, report.totals.orders, COUNT);
  put(L.items, report.totals.items, COUNT);
  for (const c of report.by_channel) put(`${L.gmv} ${c.name}`, c.gmv, RUPIAH);
  put(L.totalPartners, report.partners.total, COUNT);
  put(L.newPartners, report.partners.new, COUNT);
  put(L.activePartners, report.partners.active, COUNT);
  summary.addRow([]);
  summary.addRow([L.rule]);

  const figureColumns: Column[] = [
    { header: L.orders, width: 12, format: COUNT },
    { header: L.items, width: 16, format: COUNT },
    { header: L.gmv, width: 20, format: RUPIAH },
    { header: L.share, width: 10, format: PERCENT },
  ];
  const figures = (r: { orders: number; items: number; gmv: number }) => [r.orders, r.items, r.gmv, share(r.gmv)];

  addTable(book, L.sheets.partners, [{ header: L.partner, width: 34 }, { header: L.district, width: 24 }, ...figureColumns], report.by_partner.map((p) => [p.name, p.district_name, ...figures(p)]));
  addTable(book, L.sheets.districts, [{ header: L.district, width: 28 }, { header: L.city, width: 24 }, { header: L.activePartners, width: 20, format: COUNT }, ...figureColumns], report.by_district.map((d) => [d.name, d.city_name, d.partners, ...figures(d)]));
  addTable(book, L.sheets.categories, [{ header: L.category, width: 30 }, ...figureColumns], report.by_category.map((c) => [c.name, ...figures(c)]));
  addTable(book, L.sheets.channels, [{ header: L.channel, width: 18 }, ...figureColumns], report.by_channel.map((c) => [c.name, ...figures(c)]));
  addTable(book, L.sheets.newPartners, [{ header: L.partner, width: 34 }, { header: L.district, width: 24 }, { header: L.joined, width: 14, format: DATE }], report.new_partners.map((p) => [p.name, p.district_name, excelDate(p.joined_on)]));

  return Buffer.from(await book.xlsx.writeBuffer());
}
