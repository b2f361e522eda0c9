/** The office's reports (issue 29 part 5, decision 058): admin only, JSON and an Excel workbook. */
import { reportFileName, salesReportQuerySchema, salesReportSchema } from '@pasar/core/reports';
import type { FeatureRoutes } from '../../deps';
import { envelope, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../lib/serializer';
import { salesReport, salesReportWorkbook } from './reports.service';

const admin = routeOptions(adminOnly, 'reports');

const reportsRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  // The answer (a row per partner that sold, 200 and more at a city's size) is written by
  // fast-json-stringify from the response schema, as the catalogue's and the order desk's are, instead of
  // a zod parse of it then JSON.stringify (issue 15); built from typed rows by reports.service.
  app.setSerializerCompiler(fastSerializerCompiler);

  app.get(
    '/reports/sales',
    admin('Sales (GMV) per partner, kecamatan, category and channel, new and active partners, over store dates from..to inclusive (admin)', {
      querystring: salesReportQuerySchema,
      response: { 200: envelope(salesReportSchema) },
    }),
    async (request) => ok(await salesReport(db, request.query)),
  );

  app.get(
    '/reports/sales.xlsx',
    admin('The same report as an Excel workbook: a summary and one sheet per breakdown (admin)', { querystring: salesReportQuerySchema }),
    async (request, reply) => {
      const workbook = await salesReportWorkbook(await salesReport(db, request.query));
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${reportFileName(request.query.from, request.query.to)}"`)
        .send(workbook);
    },
  );
};

export default reportsRoutes;
