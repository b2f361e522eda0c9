/**
 * Every feature's routes, registered under /api/v1. One line per area; each area's
 * routes file declares its own access (plugins/auth.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import healthRoutes from './health/health.routes';
import catalogRoutes from './catalog/catalog.routes';
import accountsRoutes from './accounts/accounts.routes';
import locationsRoutes from './locations/locations.routes';
import shippingRoutes from './shipping/shipping.routes';
import couriersRoutes from './couriers/couriers.routes';
import paymentsRoutes from './payments/payments.routes';
import paymentReviewRoutes from './payments/payment-review.routes';
import ordersRoutes from './orders/orders.routes';
import checkoutRoutes from './checkout/checkout.routes';
import adminOrdersRoutes from './orders/admin-orders.routes';
import posRoutes from './pos/pos.routes';
import categoriesRoutes from './categories/categories.routes';
import productsRoutes from './products/products.routes';
import knowledgeRoutes from './knowledge/knowledge.routes';
import businessesRoutes from './businesses/businesses.routes';
import usersRoutes from './users/users.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import settingsRoutes from './settings/settings.routes';
import assistantRoutes from './assistant/assistant.routes';
import mailRoutes from './mail/mail.routes';
import refundsRoutes from './refunds/refunds.routes';
import shipmentsRoutes from './shipments/shipments.routes';
import partnersRoutes from './partners/partners.routes';
import partnerApplicationsRoutes from './partner-applications/partner-applications.routes';
import curationRoutes from './curation/curation.routes';
import partnerShipmentsRoutes from './partner-shipments/partner-shipments.routes';
import settlementRoutes from './settlement/settlement.routes';
import reportsRoutes from './reports/reports.routes';

export async function registerFeatures(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, deps);
  await app.register(catalogRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(locationsRoutes, deps);
  await app.register(shippingRoutes, deps);
  await app.register(couriersRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(paymentReviewRoutes, deps);
  await app.register(checkoutRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(adminOrdersRoutes, deps);
  await app.register(posRoutes, deps);
  await app.register(categoriesRoutes, deps);
  await app.register(productsRoutes, deps);
  await app.register(knowledgeRoutes, deps);
  await app.register(businessesRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(assistantRoutes, deps);
  await app.register(mailRoutes, deps);
  await app.register(refundsRoutes, deps);
  await app.register(shipmentsRoutes, deps);
  await app.register(partnersRoutes, deps);
  await app.register(partnerApplicationsRoutes, deps);
  await app.register(curationRoutes, deps);
  await app.register(partnerShipmentsRoutes, deps);
  await app.register(settlementRoutes, deps);
  await app.register(reportsRoutes, deps);
}
