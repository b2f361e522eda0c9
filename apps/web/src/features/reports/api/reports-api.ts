import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SalesReport } from '@pasar/core/reports';
import { api, apiFile } from '../../../lib/api-client';

export interface ReportRange {
  from: string;
  to: string;
}

const search = (range: ReportRange) => new URLSearchParams({ from: range.from, to: range.to }).toString();

/** The office's sales report for a range of store dates; the previous range stays on screen while the next loads. */
export const useSalesReport = (range: ReportRange, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'reports', 'sales', range.from, range.to],
    queryFn: ({ signal }) => api<SalesReport>(`/reports/sales?${search(range)}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The workbook comes with the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadSalesWorkbook(range: ReportRange): Promise<void> {
  const file = await apiFile(`/reports/sales.xlsx?${search(range)}`);
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename ?? `laporan-dinas-${range.from}_${range.to}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
