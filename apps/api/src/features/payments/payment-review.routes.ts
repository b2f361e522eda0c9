/**
 * An admin confirms or rejects a manual transfer and looks at its proof (docs/requirements/storefront.md §4
 * "an admin confirms manual payments"; issue 13 §4). Admin only; each action lands in the audit trail.
 */
import { adminOrderSchema } from '@pasar/core/orders';
import { paymentConfirmSchema, paymentMessages, paymentRejectSchema } from '@pasar/core/payments';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser } from '../../plugins/auth';
import { actorOf } from '../../auth/session-user';
import { adminOrder } from '../orders/admin-orders.service';
import { confirmManualPayment, readPaymentProof, rejectManualPayment } from './payments.service';

const admin = routeOptions(adminOnly, 'payments');

const paymentReviewRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  const answer = async (id: number, message: string) => ok(await adminOrder(db, id, paymentMessages.accessNotFound), message);

  app.post(
    '/orders/:id/payment/confirm',
    admin('Confirm a manual transfer (admin): paid, and a pending order becomes confirmed', {
      description: 'Send the version you read to refuse a stale confirm. A second confirm answers 409; a cancelled (expired) order cannot be confirmed.',
      params: idParams,
      body: paymentConfirmSchema,
      response: { 200: envelope(adminOrderSchema) },
    }),
    async (request) => {
      await confirmManualPayment(db, request.params.id, actorOf(requireUser(request)), request.body.version, now());
      return answer(request.params.id, paymentMessages.confirmed);
    },
  );

  app.post(
    '/orders/:id/payment/reject',
    admin('Reject a submitted proof of transfer with a reason (admin); the buyer may upload another', { params: idParams, body: paymentRejectSchema, response: { 200: envelope(adminOrderSchema) } }),
    async (request) => {
      await rejectManualPayment(db, request.params.id, actorOf(requireUser(request)), request.body, now());
      return answer(request.params.id, paymentMessages.rejected);
    },
  );

  app.get(
    '/orders/:id/payment/proof',
    admin("The order's proof of transfer as uploaded (admin)", { params: idParams }),
    async (request, reply) => {
      const proof = await readPaymentProof(db, deps.config, request.params.id);
      // Never rendered as a page of this origin: a PDF or image only, downloaded or shown in an <img>.
      return reply
        .type(proof.contentType)
        .header('Content-Disposition', `inline; filename="bukti-transfer-${request.params.id}"`)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(proof.bytes);
    },
  );
};

export default paymentReviewRoutes;
