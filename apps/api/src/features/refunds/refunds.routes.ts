/**
 * Refunds and corrections on the order desk (issue 28 part 4, decision 050): cancel with a refund,
 * remove a line from a paid order, take back a manual confirmation, an order's refunds, and the
 * POS drawer's day. Admin only; each change lands in the order's history with who did it.
 */
import { z } from 'zod';
import { adminOrderSchema } from '@pasar/core/orders';
import { cancelOrderSchema, drawerQuerySchema, drawerSchema, orderRefundsSchema, refundMessages, removeLineSchema, reversePaymentSchema } from '@pasar/core/refunds';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParam, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser } from '../../plugins/auth';
import { actorOf } from '../../auth/session-user';
import { adminOrder } from '../orders/admin-orders.service';
import { cancelOrder, drawerOfDay, refundsOfOrder, removeOrderLine, reversePayment } from './refunds.service';

const admin = routeOptions(adminOnly, 'orders');
const adminPayments = routeOptions(adminOnly, 'payments');
const adminPos = routeOptions(adminOnly, 'pos');

const refundsRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  const answer = async (id: number, message: string) => ok(await adminOrder(db, id), message);

  app.post(
    '/orders/:id/cancel',
    admin('Cancel an order (admin); a paid one with its refund (amount, method, reference, reason)', {
      description:
        'A paid order needs `refund` (amount defaults to, and may not exceed, the paid total less earlier refunds; reference required for transfer and gateway). Stock comes back once. The status route refuses to cancel a paid order.',
      params: idParams,
      body: cancelOrderSchema,
      response: { 200: envelope(adminOrderSchema) },
    }),
    async (request) => {
      const user = requireUser(request);
      const { refunded } = await cancelOrder(db, request.params.id, request.body, { ...actorOf(user), user }, now());
      return answer(request.params.id, refunded ? refundMessages.cancelledWithRefund : refundMessages.cancelled);
    },
  );

  app.post(
    '/orders/:id/lines/:itemId/remove',
    admin('Remove a line, or some of its units, from a paid order (admin): its stock back and its refund recorded', {
      description: 'The refund amount defaults to the units removed times their price. Unpaid orders are refused (cancel and order again). The last line cannot be removed: cancel the order.',
      params: z.object({ id: idParam, itemId: idParam }),
      body: removeLineSchema,
      response: { 200: envelope(adminOrderSchema) },
    }),
    async (request) => {
      const { refunded } = await removeOrderLine(db, request.params.id, request.params.itemId, request.body, actorOf(requireUser(request)), now());
      return answer(request.params.id, refunded ? refundMessages.lineRemovedWithRefund : refundMessages.lineRemoved);
    },
  );

  app.post(
    '/orders/:id/payment/reverse',
    adminPayments('Take back a manual payment confirmation (admin) with a reason, the same store day', {
      description: 'Only a confirmation by an admin (never a gateway callback), on the calendar day it was made in the store time zone, on an order without refunds. The payment is unpaid again (its proof waiting again), a confirmed order is pending again.',
      params: idParams,
      body: reversePaymentSchema,
      response: { 200: envelope(adminOrderSchema) },
    }),
    async (request) => {
      await reversePayment(db, request.params.id, request.body, actorOf(requireUser(request)), now());
      return answer(request.params.id, refundMessages.reversed);
    },
  );

  app.get(
    '/orders/:id/refunds',
    admin("An order's refunds, what may still be refunded, and whether its confirmation may be taken back (admin)", { params: idParams, response: { 200: envelope(orderRefundsSchema) } }),
    async (request) => ok(await refundsOfOrder(db, request.params.id, now())),
  );

  app.get(
    '/orders/pos/drawer',
    adminPos("One store day of the cash drawer (admin): cash sales, cash refunds, expected cash", { querystring: drawerQuerySchema, response: { 200: envelope(drawerSchema) } }),
    async (request) => ok(await drawerOfDay(db, request.query.date, now())),
  );
};

export default refundsRoutes;
