/** The order desk (docs/requirements/back-office.md §2 Orders, §7): admin only. */
import { Readable } from 'node:stream';
import { adminOrderListSchema, adminOrderMessages, adminOrderQuerySchema, adminOrderSchema, orderExportQuerySchema, orderStatusLabel, orderStatusUpdateSchema } from '@pasar/core/orders';
import { storeDate } from '@pasar/core/time';
import type { FeatureRoutes } from '../../deps';
import { storeTimeZone } from '../settings/settings.service';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser } from '../../plugins/auth';
import { adminOrder, changeOrderStatus, exportOrdersCsv, listAdminOrders } from './admin-orders.service';
import { fastSerializerCompiler } from '../../lib/serializer';

const admin = routeOptions(adminOnly, 'orders');

const adminOrdersRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  // The order desk's answers (a page is 20 orders with their items, payment and audit trail) are written by
  // fast-json-stringify from the response schema, as the catalogue's are, instead of a zod parse of the
  // whole answer then JSON.stringify (issue 15). They are built by `toOrder` from typed rows. In this
  // plugin's scope only.
  app.setSerializerCompiler(fastSerializerCompiler);

  app.get(
    '/orders',
    admin('Orders for the back office: search, status filter, paging, counts per status and summary (admin)', {
      description: 'q matches the order id, guest e-mail, names, status label, date (YYYY-MM-DD or DD/MM/YYYY, WIB) and product names.',
      querystring: adminOrderQuerySchema,
      response: { 200: envelope(adminOrderListSchema) },
    }),
    async (request) => ok(await listAdminOrders(db, request.query)),
  );

  app.get(
    '/orders/export.csv',
    admin('The filtered orders as CSV for bookkeeping; sep=semicolon for spreadsheets set to Indonesian (admin)', { querystring: orderExportQuerySchema }),
    async (request, reply) => {
      const day = storeDate(new Date(), await storeTimeZone(db));
      // Streamed a page of orders at a time (issue 15): the first bytes leave before the last orders are read.
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="pesanan-${day}.csv"`)
        .send(Readable.from(exportOrdersCsv(db, request.query)));
    },
  );

  app.get(
    '/orders/:id',
    admin('One order with its audit trail (admin)', { params: idParams, response: { 200: envelope(adminOrderSchema) } }),
    async (request) => ok(await adminOrder(db, request.params.id)),
  );

  app.put(
    '/orders/:id',
    admin('Change an order status (admin); answers the updated order with its audit trail', {
      description: 'Any status may follow any other. Into cancelled returns the stock once; out of cancelled takes it again or answers 409 when there is not enough.',
      params: idParams,
      body: orderStatusUpdateSchema,
      response: { 200: envelope(adminOrderSchema) },
    }),
    async (request) => {
      const { order, changed } = await changeOrderStatus(db, request.params.id, request.body, requireUser(request));
      return ok(order, changed ? adminOrderMessages.updated(orderStatusLabel(order.status)) : adminOrderMessages.unchanged);
    },
  );
};

export default adminOrdersRoutes;
