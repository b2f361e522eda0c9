/**
 * The checkout's routes (docs/requirements/storefront.md §7): the store facts it shows, price a
 * checkout, place the order, and pay it by transfer with a proof. They call the workflow (place-order.ts) and the payments feature,
 * so the orders feature itself never imports payments (decision 075).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderPayloadSchema, orderQuoteSchema, orderSchema } from '@pasar/core/checkout';
import { publicStoreSettingsSchema } from '@pasar/core/settings';
import { AppError } from '@pasar/core/errors';
import { accessTokenParams, paymentMessages, PROOF_MAX_BYTES } from '@pasar/core/payments';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParams, ok } from '../../lib/http';
import { bearerToken, requireUser, signedIn } from '../../plugins/auth';
import { publicOrigin } from '../../lib/public-origin';
import { providersFor } from '../../integrations/providers';
import { readForm } from '../../lib/form';
import { fastSerializerCompiler } from '../../lib/serializer';
import type { MultipartBody } from '../../plugins/openapi';
import { queueProofUploadedMail } from '../mail/mail.service';
import { myOrderId, orderById, orderIdByToken } from '../orders/orders.service';
import { uploadPaymentProof } from '../payments/payments.service';
import { placeOrder, quoteOrder, type OrderContext } from './place-order';
import { storeFacts } from './store-facts';

const checkoutRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  // The answers (orders, quotes, the store's facts) are built from typed rows and written from their
  // schemas by fast-json-stringify, as the order desk's are, not re-parsed by zod: that parse was a
  // tenth of a checkout's Node time (issue 30 §3). In this plugin's scope only.
  app.setSerializerCompiler(fastSerializerCompiler);

  app.get(
    '/settings/store',
    {
      schema: {
        tags: ['settings'],
        summary: "The store's location, transfer accounts, profile, and whether online payment is the demo sandbox",
        response: {
          200: envelope(publicStoreSettingsSchema),
        },
      },
    },
    async () => ok(await storeFacts(db, deps.config)),
  );

  /** What the services need of a checkout request; a token the auth hook did not accept is a stale session (issue 28). */
  const checkoutContext = (request: FastifyRequest, key: unknown): OrderContext => ({
    user: request.auth?.user ?? null,
    idempotencyKey: typeof key === 'string' ? key.trim() : undefined,
    origin: publicOrigin(deps.config),
    now: now(),
    config: deps.config,
    rajaongkir: providersFor(deps.config).rajaongkir,
    staleSession: !request.auth && bearerToken(request) !== undefined,
  });

  app.post(
    '/orders/quote',
    {
      schema: {
        tags: ['orders'],
        summary: 'Price a checkout before placing it (issue 28)',
        description:
          'The same payload as POST /orders; nothing is written. Answers the priced lines, one shipment per origin with its cost, the fee, the kode unik and the total. Send `quote_token` and `expected_total` with the order: its kode unik is then the one shown.',
        body: orderPayloadSchema,
        response: { 200: envelope(orderQuoteSchema) },
      },
    },
    async (request) => ok(await quoteOrder(db, request.body, checkoutContext(request, undefined))),
  );

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        // The one request CONTRIBUTING.md follows through the code: named after its use case.
        operationId: 'placeOrder',
        summary: 'Place an order (signed in or as a guest with guest_email)',
        description:
          'The server recomputes every price, total, shipping cost and fee; total_amount is ignored. With `expected_total`, each line\'s `price` and the total must be what the server computes, else 409 PRICE_CHANGED with `prices` (per line: product_id, variant_label, name, price_seen, price), the current `total_amount` and a `quote_token`. A cart of several origins is one order with one shipment per origin (`shipments`: one courier choice per origin_district_id; a group without one uses the single shipping fields). A stale session token without guest_email answers 401. Send an Idempotency-Key header: a repeat with the same key answers the same order.',
        headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }).passthrough(),
        body: orderPayloadSchema,
        response: { 201: envelope(orderSchema), 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const order = await placeOrder(db, request.body, checkoutContext(request, request.headers['idempotency-key']));
      return reply.status(201).send(ok(order, 'Pesanan berhasil dibuat.'));
    },
  );

  /** Multipart `file`: the proof of transfer, checked by content; the answer is the order. */
  const proofForm: MultipartBody = {
    files: { file: { description: `The proof of transfer: JPG, PNG, WEBP or PDF (checked by content), at most ${PROOF_MAX_BYTES / 1024 / 1024} MB.`, required: true } },
  };
  const receiveProof = async (request: FastifyRequest, orderId: number) => {
    const form = await readForm(request, {
      fileFields: ['file'],
      limits: { fileSize: PROOF_MAX_BYTES, files: 1 },
      notAnObject: () => new AppError('VALIDATION_ERROR', paymentMessages.proofMissing, { fields: { file: paymentMessages.proofMissing } }),
      fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', paymentMessages.proofTooLarge, { fields: { file: paymentMessages.proofTooLarge } }),
      tooManyFiles: () => new AppError('VALIDATION_ERROR', paymentMessages.proofMissing, { fields: { file: paymentMessages.proofMissing } }),
    });
    await uploadPaymentProof(db, deps.config, orderId, form.files[0]?.buffer, now());
    const order = await orderById(db, orderId);
    await queueProofUploadedMail(db, order, { origin: publicOrigin(deps.config), smtp: Boolean(deps.config.SMTP_URL) });
    return ok(order, paymentMessages.proofUploaded);
  };

  app.post(
    '/orders/access/:token/payment-proof',
    {
      schema: {
        tags: ['orders'],
        summary: 'Upload a proof of transfer (multipart file: JPG, PNG, WEBP or PDF, at most 5 MB) through the order link',
        multipart: proofForm,
        params: accessTokenParams,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => receiveProof(request, await orderIdByToken(db, request.params.token)),
  );

  app.post(
    '/orders/mine/:id/payment-proof',
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        summary: "Upload a proof of transfer for the signed-in customer's order (multipart file)",
        multipart: proofForm,
        params: idParams,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => receiveProof(request, await myOrderId(db, requireUser(request).id, request.params.id)),
  );
};

export default checkoutRoutes;
