/**
 * Payment channels (docs/requirements/storefront.md §7), the gateway's callback, and the sandbox gateway's local
 * pay page. Which gateway is live: docs/decisions/013-payments.md (no gateway, Tripay, or the sandbox
 * in the demo shop only).
 */
import { z } from 'zod';
import { AppError } from '@pasar/core/errors';
import type { AppDeps, FeatureApp, FeatureRoutes } from '../../deps';
import { paymentChannelsAnswerSchema } from '@pasar/core/payments';
import { callbackSignature, SANDBOX_PRIVATE_KEY } from '../../integrations/payments/sandbox-gateway';
import { envelope, ok } from '../../lib/http';
import { ProviderFailure } from '../../integrations/http';
import { livePaymentProviders } from './payment-providers';
import { checkoutMessages } from '@pasar/core/checkout';
import { findOrderForPayPage, findPaymentByReference } from './payments.repository';
import { handlePaymentCallback } from './payments.service';
import { sandboxPayPageHtml } from './sandbox-pay-page';


const paymentsRoutes: FeatureRoutes = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  // Which gateway is live is settled once (integrations/payments/registry.ts): the sandbox only in the
  // demo shop or with PAYMENT_SANDBOX=true, so its public key can never pay a real shop's order.
  const gateway = (await livePaymentProviders(deps.database.db, deps.config)).gateway;

  app.get(
    '/payments/tripay/channels',
    {
      schema: {
        tags: ['payments'],
        summary: 'Online payment channels: Tripay, the demo sandbox (sandbox: true, no money moves), or none',
        response: { 200: envelope(paymentChannelsAnswerSchema) },
      },
    },
    async () => {
      if (!gateway) return ok({ channels: [], provider: 'Tripay', sandbox: false }, checkoutMessages.providerUnavailable('Tripay'));
      try {
        return ok({ channels: (await gateway.channels()).filter((c) => c.active), provider: gateway.displayName, sandbox: gateway.sandbox }, 'Metode pembayaran tersedia.');
      } catch (error) {
        if (error instanceof ProviderFailure) throw new AppError(error.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR', checkoutMessages.channelsFailed('Tripay'));
        throw error;
      }
    },
  );

  // The callback needs the raw bytes: the signature is over them, not over re-serialised JSON.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/tripay/callback',
      { schema: { tags: ['payments'], summary: 'Payment status callback (HMAC-SHA256 of the raw body in X-Callback-Signature)' } },
      async (request) => {
        if (!gateway?.callbackKey) throw new AppError('NOT_FOUND', 'Gateway pembayaran online tidak aktif di toko ini.');
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const header = (name: string) => {
          const v = request.headers[name];
          return typeof v === 'string' ? v : undefined;
        };
        await handlePaymentCallback(deps.database.db, {
          rawBody,
          signature: header('x-callback-signature'),
          event: header('x-callback-event'),
          privateKey: gateway.callbackKey,
          now: now(),
        });
        return { success: true };
      },
    );
  });

  if (gateway?.sandbox) await app.register(async (scope) => sandboxPayPage(scope, deps, now));
};

export default paymentsRoutes;

/** The sandbox's pay page posts a plain HTML form. */
async function sandboxPayPage(app: FeatureApp, deps: AppDeps, now: () => Date): Promise<void> {
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
      const result = await handlePaymentCallback(deps.database.db, {
        rawBody: body,
        signature: callbackSignature(body, SANDBOX_PRIVATE_KEY),
        event: 'payment_status',
        privateKey: SANDBOX_PRIVATE_KEY,
        now: now(),
      });
      if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect(`/api/v1/payments/sandbox/pay/${payment.reference}`, 303);
      return ok(result);
    },
  );
}
