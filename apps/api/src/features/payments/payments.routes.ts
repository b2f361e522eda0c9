/**
 * Payment channels (docs/requirements/storefront.md §7), every provider's callback, and the sandbox gateway's local
 * pay page. Which providers are live: integrations/payments/registry.ts (decisions 013 and 074);
 * no route here knows a provider by name.
 */
import { z } from 'zod';
import { AppError } from '@pasar/core/errors';
import type { AppDeps, FeatureApp, FeatureRoutes } from '../../deps';
import { paymentChannelsAnswerSchema, providerChannelsAnswerSchema, type PaymentProviderOffer } from '@pasar/core/payments';
import { callbackSignature, SANDBOX_PRIVATE_KEY } from '../../integrations/payments/sandbox-gateway';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { liveProvider, providerName } from '../../integrations/payments/registry';
import { envelope, ok } from '../../lib/http';
import { gatewayChannels, livePaymentProviders } from './payment-providers';
import { checkoutMessages } from '@pasar/core/checkout';
import { findOrderForPayPage, findPaymentByReference } from './payments.repository';
import { handleProviderCallback } from './payments.service';
import { sandboxPayPageHtml } from './sandbox-pay-page';

const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,40}$/, { error: 'Penyedia pembayaran tidak dikenal.' }) });

const paymentsRoutes: FeatureRoutes = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  // Which gateways are live is settled once (integrations/payments/registry.ts): the sandbox only in the
  // demo shop or with PAYMENT_SANDBOX=true, so its public key can never pay a real shop's order.
  const providers = await livePaymentProviders(deps.database.db, deps.config);
  const gateway = (id: string): PaymentProvider | undefined => {
    const found = liveProvider(providers, id);
    return found === providers.manual ? undefined : found;
  };

  app.get(
    '/payments/channels',
    {
      schema: {
        tags: ['payments'],
        summary: 'Every live online payment provider with its active channels (none: manual transfer only); a provider that cannot be asked carries the spec message in error',
        response: { 200: envelope(paymentChannelsAnswerSchema) },
      },
    },
    async () => {
      const offers = await Promise.all(
        providers.gateways.map(async (p): Promise<PaymentProviderOffer> => {
          try {
            return { id: p.id, name: p.displayName, sandbox: p.sandbox, channels: (await gatewayChannels(p)).filter((c) => c.active), error: null };
          } catch (error) {
            if (error instanceof AppError) return { id: p.id, name: p.displayName, sandbox: p.sandbox, channels: [], error: error.message };
            throw error;
          }
        }),
      );
      return ok({ providers: offers }, offers.some((o) => o.channels.length > 0) ? 'Metode pembayaran tersedia.' : undefined);
    },
  );

  // The spec's §7 call names one provider in its path; it answers that provider's channels, or the
  // spec's rule 7 message when that provider is not live here.
  app.get(
    '/payments/:provider/channels',
    {
      schema: {
        tags: ['payments'],
        summary: "One provider's active channels (the storefront spec's call; sandbox: true for the demo gateway, no money moves)",
        params: providerParams,
        response: { 200: envelope(providerChannelsAnswerSchema) },
      },
    },
    async (request) => {
      const found = gateway(request.params.provider);
      const name = providerName(providers, request.params.provider);
      if (!found) return ok({ channels: [], provider: name, sandbox: false }, checkoutMessages.providerUnavailable(name));
      return ok({ channels: (await gatewayChannels(found)).filter((c) => c.active), provider: found.displayName, sandbox: found.sandbox }, 'Metode pembayaran tersedia.');
    },
  );

  // The callback needs the raw bytes: signatures are over them, not over re-serialised JSON.
  await app.register(async (scope: FeatureApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/:provider/callback',
      { schema: { tags: ['payments'], summary: "A provider's payment status callback, verified by its adapter's signature check", params: providerParams } },
      async (request) => {
        const found = gateway(request.params.provider);
        if (!found) throw new AppError('NOT_FOUND', 'Gateway pembayaran online tidak aktif di toko ini.');
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const header = (name: string) => {
          const v = request.headers[name];
          return typeof v === 'string' ? v : undefined;
        };
        await handleProviderCallback(deps.database.db, found, { rawBody, header }, now());
        return { success: true };
      },
    );
  });

  const sandbox = providers.gateways.find((p) => p.sandbox);
  if (sandbox) await app.register(async (scope) => sandboxPayPage(scope, deps, sandbox, now));
};

export default paymentsRoutes;

/** The sandbox's pay page posts a plain HTML form. */
async function sandboxPayPage(app: FeatureApp, deps: AppDeps, sandbox: PaymentProvider, now: () => Date): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const referenceParams = z.object({ reference: z.string().regex(/^SBX-[0-9A-F]{12}$/, { error: 'Referensi pembayaran tidak valid.' }) });

  app.get(
    '/payments/sandbox/pay/:reference',
    // Its one <style> carries a nonce fresh for each answer (docs/decisions/023-security-headers.md).
    { config: { cspNonces: true }, schema: { tags: ['payments'], summary: 'The sandbox gateway pay page', params: referenceParams } },
    async (request, reply) => {
      const payment = await findPaymentByReference(deps.database.db, request.params.reference);
      if (!payment) throw new AppError('NOT_FOUND', 'Transaksi tidak ditemukan.');
      // In Indonesian with the order's state and the way back (issue 16); no script (decision 023).
      const order = await findOrderForPayPage(deps.database.db, payment.order_id);
      const html = sandboxPayPageHtml({ payment, order, styleNonce: reply.cspNonce.style });
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/payments/sandbox/pay/:reference',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay, fail or expire a sandbox transaction (sends a signed callback through the real callback path)',
        params: referenceParams,
        body: z.object({ action: z.enum(['pay', 'fail', 'expire'], { error: 'Aksi tidak dikenal.' }) }),
      },
    },
    async (request, reply) => {
      const payment = await findPaymentByReference(deps.database.db, request.params.reference);
      if (!payment) throw new AppError('NOT_FOUND', 'Transaksi tidak ditemukan.');
      const status = { pay: 'PAID', fail: 'FAILED', expire: 'EXPIRED' }[request.body.action];
      const body = Buffer.from(
        JSON.stringify({
          reference: payment.reference,
          merchant_ref: payment.merchant_ref,
          payment_method: payment.payment_name,
          payment_method_code: payment.channel_code,
          total_amount: payment.amount,
          is_closed_payment: 1,
          status,
          paid_at: status === 'PAID' ? Math.floor(now().getTime() / 1000) : null,
          note: 'sandbox',
        }),
      );
      const signed: Record<string, string> = { 'x-callback-signature': callbackSignature(body, SANDBOX_PRIVATE_KEY), 'x-callback-event': 'payment_status' };
      const result = await handleProviderCallback(deps.database.db, sandbox, { rawBody: body, header: (name) => signed[name] }, now());
      if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect(`/api/v1/payments/sandbox/pay/${payment.reference}`, 303);
      return ok(result);
    },
  );
}
