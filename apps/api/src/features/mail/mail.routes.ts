/**
 * The outbox for the back office (docs/decisions/013-payments.md): admin only, with "Kirim ulang"
 * for a failed message; and the buyer's own list of what the shop told them about an order
 * (decision 051), for the signed-in owner and through the order's link.
 */
import { buyerMessageListSchema, mailMessages, outboxListSchema, outboxQuerySchema } from '@pasar/core/mail';
import { accessTokenParams } from '@pasar/core/payments';
import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser, signedIn } from '../../plugins/auth';
import { actorOf } from '../../auth/session-user';
import { myOrderId, orderIdByToken } from '../orders/orders.service';
import { buyerMessageContext, buyerMessages, useBuyerMessageConfig } from './buyer-messages';
import { listOutbox, resendMail } from './mail.service';

const admin = routeOptions(adminOnly, 'mail');

const mailRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  // The payment, shipment and expiry code tells buyers through this configuration (buyer-messages.ts).
  useBuyerMessageConfig(deps.config);
  const { smtp, whatsapp } = buyerMessageContext(deps.config);

  app.get(
    '/outbox',
    admin('Every e-mail and WhatsApp message the shop sent or keeps, newest first, with its state (admin)', {
      description: 'Without SMTP_URL e-mails, and without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID WhatsApp messages, are kept here (status kept).',
      querystring: outboxQuerySchema,
      response: { 200: envelope(outboxListSchema) },
    }),
    async (request) => ok(await listOutbox(db, request.query, { smtp, whatsapp })),
  );

  app.post(
    '/admin/mail/:id/resend',
    admin('"Kirim ulang": a failed message is due again now, with its attempts counted afresh (admin)', { params: idParams, response: { 200: envelope(z.null()) } }),
    async (request) => {
      await resendMail(db, request.params.id, actorOf(requireUser(request)), now());
      return ok(null, mailMessages.resent);
    },
  );

  app.get(
    '/orders/mine/:id/messages',
    {
      config: signedIn,
      schema: { tags: ['mail'], summary: 'The messages the shop sent about one of my orders', params: idParams, response: { 200: envelope(buyerMessageListSchema) } },
    },
    async (request) => ok(await buyerMessages(db, await myOrderId(db, requireUser(request).id, request.params.id))),
  );

  app.get(
    '/orders/access/:token/messages',
    {
      schema: { tags: ['mail'], summary: "The messages the shop sent about an order, read through the order's link", params: accessTokenParams, response: { 200: envelope(buyerMessageListSchema) } },
    },
    async (request) => ok(await buyerMessages(db, await orderIdByToken(db, request.params.token))),
  );
};

export default mailRoutes;
