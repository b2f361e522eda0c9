/** Online orders (docs/requirements/storefront.md §7): customers read their own; guests look one up. Placing one is features/checkout's. */
import { z } from 'zod';
import { orderSchema } from '@pasar/core/checkout';
import { AppError } from '@pasar/core/errors';
import { accessTokenParams } from '@pasar/core/payments';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParam, idParams, ok } from '../../lib/http';
import { requireUser, signedIn } from '../../plugins/auth';
import { lookupGuestOrder, myOrder, myOrders, orderById, orderIdByToken, orderMessages } from './orders.service';
import { LookupLimiter } from './lookup-limiter';
import { createCounters } from '../../limits/counters';

const ordersRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const lookupLimiter = new LookupLimiter(createCounters(deps.database, now), now);

  app.get(
    '/orders/mine',
    { config: signedIn, schema: { tags: ['orders'], summary: "The signed-in customer's orders", response: { 200: envelope(z.array(orderSchema)) } } },
    async (request) => ok(await myOrders(db, requireUser(request).id)),
  );

  app.get(
    '/orders/mine/:id',
    { config: signedIn, schema: { tags: ['orders'], summary: 'One order of the signed-in customer', params: idParams, response: { 200: envelope(orderSchema) } } },
    async (request) => ok(await myOrder(db, requireUser(request).id, request.params.id)),
  );

  app.post(
    '/orders/lookup',
    {
      schema: {
        tags: ['orders'],
        summary: 'A guest reads an order with its id and the e-mail used',
        description: 'Throttled (issues 14, 26): 10 lookups per address in 15 minutes, 5 failed lookups of one order per address in an hour, and once an order has 20 failed lookups in an hour one try per address; then 429 with retry_after_seconds.',
        body: z.object({ order_id: idParam, email: z.string().trim().min(3).max(254) }),
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const wait = await lookupLimiter.take(request.ip, request.body.order_id);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError('RATE_LIMITED', orderMessages.tooManyLookups(wait), { details: { retry_after_seconds: wait } });
      }
      try {
        return ok(await lookupGuestOrder(db, request.body.order_id, request.body.email));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') await lookupLimiter.recordFailure(request.ip, request.body.order_id);
        throw error;
      }
    },
  );

  app.get(
    '/orders/access/:token',
    { schema: { tags: ['orders'], summary: "An order read through its own unguessable link (order_url)", params: accessTokenParams, response: { 200: envelope(orderSchema) } } },
    async (request) => ok(await orderById(db, await orderIdByToken(db, request.params.token))),
  );

};

export default ordersRoutes;
