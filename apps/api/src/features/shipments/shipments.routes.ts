/**
 * Shipments (issue 28): the order desk's actions on each shipment (admin), and the buyer's "Pesanan
 * diterima", tracking and "Batalkan" on their own order (signed-in owner, or the order link's token).
 */
import { z } from 'zod';
import { orderSchema } from '@pasar/core/checkout';
import { adminOrderSchema } from '@pasar/core/orders';
import { accessTokenParams } from '@pasar/core/payments';
import { shipmentEventInputSchema, shipmentMessages, shipmentTrackingSchema, shipmentVersionSchema, shipShipmentSchema } from '@pasar/core/shipments';
import { AppError } from '@pasar/core/errors';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParam, idParams, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, requireUser, signedIn } from '../../plugins/auth';
import { providersFor } from '../../integrations/providers';
import { trackerFor } from '../../integrations/shipping/tracking';
import { adminOrder } from '../orders/admin-orders.service';
import { myOrderId, orderById, orderIdByToken } from '../orders/orders.service';
import { addShipmentEvent, buyerCancelOrder, confirmReceived, deliverShipment, shipmentOfOrder, shipmentTracking, shipShipment } from './shipments.service';
import { findShipment } from './shipments.repository';

const shipmentParams = z.object({ id: idParam });
const mineParams = z.object({ id: idParam, shipmentId: idParam });
const tokenParams = accessTokenParams.extend({ shipmentId: idParam });

const admin = routeOptions(adminOnly, 'shipments');

const shipmentsRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const tracker = () => trackerFor(providersFor(deps.config));

  const deskOrder = (orderId: number) => adminOrder(db, orderId, shipmentMessages.notFound);
  /** A shipment's courier tracking merged with the shop's timeline: the desk's and the buyer's alike. */
  const tracking = async (orderId: number, shipmentId: number) => {
    const { shipment, phone } = await shipmentOfOrder(db, orderId, shipmentId);
    return ok(await shipmentTracking(db, shipment, phone, tracker()));
  };

  app.post(
    '/shipments/:id/ship',
    admin('"Kirim": hand a shipment to its courier (admin); answers the order', {
      description: 'Courier name and service may be corrected; tracking_number (resi) is required for national couriers. An unpaid online order answers 422.',
      params: shipmentParams,
      body: shipShipmentSchema,
      response: { 200: envelope(adminOrderSchema) },
    }),
    async (request) => ok(await deskOrder(await shipShipment(db, request.params.id, request.body, requireUser(request), now())), shipmentMessages.shippedToast),
  );

  app.post(
    '/shipments/:id/deliver',
    admin('"Tandai sampai": the courier delivered it (admin)', { params: shipmentParams, body: shipmentVersionSchema, response: { 200: envelope(adminOrderSchema) } }),
    async (request) => ok(await deskOrder(await deliverShipment(db, request.params.id, request.body, requireUser(request), now())), shipmentMessages.deliveredToast),
  );

  app.post(
    '/shipments/:id/events',
    admin("Add an entry to a shipment's timeline (admin)", { params: shipmentParams, body: shipmentEventInputSchema, response: { 200: envelope(adminOrderSchema) } }),
    async (request) => ok(await deskOrder(await addShipmentEvent(db, request.params.id, request.body, requireUser(request), now())), shipmentMessages.eventAdded),
  );

  app.get(
    '/shipments/:id/tracking',
    admin("A shipment's courier tracking merged with the shop's timeline (admin)", { params: shipmentParams, response: { 200: envelope(shipmentTrackingSchema) } }),
    async (request) => {
      const found = await findShipment(db, request.params.id);
      if (!found) throw new AppError('NOT_FOUND', shipmentMessages.notFound);
      return tracking(found.order_id, found.id);
    },
  );

  // The buyer's side: the same three actions by account (their user id) and by order link (no user).
  const buyer = async (orderId: number, userId: number | null) => {
    const order = await orderById(db, orderId);
    return { name: order.shipping_name ?? order.customer_name ?? 'Pembeli', userId };
  };
  const received = async (orderId: number, shipmentId: number, userId: number | null) => {
    await confirmReceived(db, orderId, shipmentId, await buyer(orderId, userId), now());
    return ok(await orderById(db, orderId), shipmentMessages.receivedToast);
  };
  const cancel = async (orderId: number, userId: number | null) => {
    await buyerCancelOrder(db, orderId, await buyer(orderId, userId), now());
    return ok(await orderById(db, orderId), shipmentMessages.buyerCancelled);
  };

  app.post(
    '/orders/mine/:id/shipments/:shipmentId/received',
    { config: signedIn, schema: { tags: ['orders'], summary: '"Pesanan diterima" for a shipment of the signed-in customer\'s order', params: mineParams, response: { 200: envelope(orderSchema) } } },
    async (request) => {
      const user = requireUser(request);
      return received(await myOrderId(db, user.id, request.params.id), request.params.shipmentId, user.id);
    },
  );

  app.post(
    '/orders/access/:token/shipments/:shipmentId/received',
    { schema: { tags: ['orders'], summary: '"Pesanan diterima" for a shipment through the order link', params: tokenParams, response: { 200: envelope(orderSchema) } } },
    async (request) => received(await orderIdByToken(db, request.params.token), request.params.shipmentId, null),
  );

  app.get(
    '/orders/mine/:id/shipments/:shipmentId/tracking',
    { config: signedIn, schema: { tags: ['orders'], summary: "Tracking of a shipment of the signed-in customer's order", params: mineParams, response: { 200: envelope(shipmentTrackingSchema) } } },
    async (request) => tracking(await myOrderId(db, requireUser(request).id, request.params.id), request.params.shipmentId),
  );

  app.get(
    '/orders/access/:token/shipments/:shipmentId/tracking',
    { schema: { tags: ['orders'], summary: 'Tracking of a shipment through the order link', params: tokenParams, response: { 200: envelope(shipmentTrackingSchema) } } },
    async (request) => tracking(await orderIdByToken(db, request.params.token), request.params.shipmentId),
  );

  app.post(
    '/orders/mine/:id/cancel',
    { config: signedIn, schema: { tags: ['orders'], summary: '"Batalkan": the signed-in customer cancels an unpaid order (stock returned); a paid order answers 422', params: idParams, response: { 200: envelope(orderSchema) } } },
    async (request) => {
      const user = requireUser(request);
      return cancel(await myOrderId(db, user.id, request.params.id), user.id);
    },
  );

  app.post(
    '/orders/access/:token/cancel',
    { schema: { tags: ['orders'], summary: '"Batalkan" an unpaid order through the order link (stock returned); a paid order answers 422', params: accessTokenParams, response: { 200: envelope(orderSchema) } } },
    async (request) => cancel(await orderIdByToken(db, request.params.token), null),
  );
};

export default shipmentsRoutes;
