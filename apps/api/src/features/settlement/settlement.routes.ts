/**
 * Commission and settlement (issue 29 part 4, decisions 053 and 057). Admin: what the office owes
 * each partner, payouts that close a period, statements, a partner's own rate. Partner (its corner,
 * business from the session): its sales, its payouts, its statement.
 */
import { z } from 'zod';
import {
  adminStatementQuerySchema,
  partnerCommissionSchema,
  partnerPeriod,
  partnerPeriodQuerySchema,
  partnerSalesSchema,
  partnerStatementQuerySchema,
  payoutInputSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutSchema,
  payoutSummarySchema,
  periodQuerySchema,
  settlementMessages,
  type StatementFormat,
} from '@pasar/core/settlement';
import { storeDate } from '@pasar/core/time';
import type { FastifyReply } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import { envelope, idParam, ok } from '../../lib/http';
import { routeOptions } from '../../lib/routes';
import { adminOnly, partnerOnly, requirePartner, requireUser } from '../../plugins/auth';
import { actorOf } from '../../auth/session-user';
import { storeTimeZone } from '../settings/settings.service';
import { statementCsv, statementPdf } from './settlement.export';
import { partnerSales, payoutSummary, payoutsOf, recordPayout, savePartnerCommission, statementOf } from './settlement.service';

const admin = routeOptions(adminOnly, 'settlement');
const partner = routeOptions(partnerOnly, 'mitra');

const settlementRoutes: FeatureRoutes = async (app, deps) => {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const ownPeriod = async (query: { from?: string | undefined; to?: string | undefined }) => partnerPeriod(query, storeDate(now(), await storeTimeZone(db)));

  /** The statement in the format asked: JSON in the envelope, or a file to download. */
  async function sendStatement(reply: FastifyReply, businessId: number, from: string, to: string, format: StatementFormat) {
    const statement = await statementOf(db, businessId, from, to);
    if (format === 'json') {
      const { timeZone: _zone, storeName: _store, ...data } = statement;
      return ok(data);
    }
    const slug = statement.business.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `mitra-${businessId}`;
    const file = `laporan-${slug}-${from}-${to}`;
    if (format === 'csv') {
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file}.csv"`).send(statementCsv(statement));
    }
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${file}.pdf"`).send(await statementPdf(statement));
  }

  app.get(
    '/payouts/summary',
    admin('What the office owes each partner for the open part of a period (admin)', {
      description: 'Per partner with a figure or a balance: goods, refunds, commission, shipping, carried balance, owed, last payout. A partner whose period is already closed up to a day in the range is shown from the day after.',
      querystring: periodQuerySchema,
      response: { 200: envelope(payoutSummarySchema) },
    }),
    async (request) => ok(await payoutSummary(db, request.query.from, request.query.to)),
  );

  app.get(
    '/payouts',
    admin('Payouts recorded, latest period first (admin)', { querystring: payoutListQuerySchema, response: { 200: envelope(payoutListSchema) } }),
    async (request) => ok({ payouts: await payoutsOf(db, request.query.business_id ?? null) }),
  );

  app.post(
    '/payouts',
    admin('Record a payout to a partner, closing its period (admin)', {
      description:
        'The figures are worked out by the server. A period may end today (what is recorded after the payout carries into the next period). Refused: a period ending after today (store time zone), one starting on or before the partner’s last closed day (409), an amount below 0 or above what is owed, a payment date after today.',
      body: payoutInputSchema,
      response: { 201: envelope(payoutSchema) },
    }),
    async (request, reply) => {
      const payout = await recordPayout(db, request.body, actorOf(requireUser(request)), now());
      return reply.code(201).send(ok(payout, settlementMessages.recorded));
    },
  );

  app.get(
    '/payouts/statement',
    admin("A partner's statement for a period as JSON, CSV or PDF (admin)", { querystring: adminStatementQuerySchema }),
    async (request, reply) => sendStatement(reply, request.query.business_id, request.query.from, request.query.to, request.query.format),
  );

  app.put(
    '/payouts/partners/:businessId/commission',
    admin("A partner's own commission rate, or null for the store's (admin)", {
      params: z.object({ businessId: idParam }),
      body: partnerCommissionSchema,
      response: { 200: envelope(z.object({ business_id: z.number().int(), commission_percent: z.number().nullable() })) },
    }),
    async (request) => ok(await savePartnerCommission(db, request.params.businessId, request.body.commission_percent), settlementMessages.commissionSaved),
  );

  app.get(
    '/mitra/sales',
    partner("The partner's sales per day and month, paid and still owed (mitra)", {
      description: 'Without from/to: the store’s current month to today.',
      querystring: partnerPeriodQuerySchema,
      response: { 200: envelope(partnerSalesSchema) },
    }),
    async (request) => {
      const { businessId } = requirePartner(request);
      const { from, to } = await ownPeriod(request.query);
      return ok(await partnerSales(db, businessId, from, to, now()));
    },
  );

  app.get(
    '/mitra/payouts',
    partner("The partner's payouts with their bank references (mitra)", { response: { 200: envelope(payoutListSchema) } }),
    async (request) => {
      const { businessId } = requirePartner(request);
      return ok({ payouts: await payoutsOf(db, businessId) });
    },
  );

  app.get(
    '/mitra/statement',
    partner("The partner's own statement for a period as JSON, CSV or PDF (mitra)", { querystring: partnerStatementQuerySchema }),
    async (request, reply) => {
      const { businessId } = requirePartner(request);
      const { from, to } = await ownPeriod(request.query);
      return sendStatement(reply, businessId, from, to, request.query.format);
    },
  );
};

export default settlementRoutes;
