/**
 * Outgoing WhatsApp through Meta's WhatsApp Cloud API (decision 051). A business may open a
 * conversation only with an approved template, so every message names its template and fills
 * the body's {{1}}, {{2}}, … in order: POST {WHATSAPP_API_URL}/{phone-number-id}/messages with
 * the access token as a Bearer token. Meta answers `{ messages: [{ id: "wamid…" }] }`, or an
 * `{ error: { message, code, … } }` body with a 4xx/5xx status. Without WHATSAPP_TOKEN and
 * WHATSAPP_PHONE_NUMBER_ID there is no client: the messages stay `kept` in the outbox.
 */
import type { Config } from '../../config';
import { ProviderFailure, providerFetch } from '../http';

export interface WhatsappTemplateMessage {
  /** The buyer's number in international form without "+" (62812…). */
  to: string;
  template: string;
  params: string[];
  /** The template's approved language; the shop writes Indonesian. */
  language?: string;
}

export interface WhatsappSender {
  /** Resolves with Meta's message id once accepted; rejects with the reason on any refusal or timeout. */
  send(message: WhatsappTemplateMessage): Promise<string>;
}

export const WHATSAPP_TIMEOUT_MS = 15_000;

export function createWhatsappSender(
  config: Pick<Config, 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_API_URL'>,
  options: { timeoutMs?: number } = {},
): WhatsappSender | null {
  const token = config.WHATSAPP_TOKEN;
  const phoneNumberId = config.WHATSAPP_PHONE_NUMBER_ID;
  if (!token || !phoneNumberId) return null;
  const url = `${config.WHATSAPP_API_URL.replace(/\/+$/, '')}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    async send(message) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.language ?? 'id' },
          components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
        },
      };
      // No retry here: the outbox retries with its own back-off, and a repeated POST could send twice.
      const answer = await providerFetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: options.timeoutMs ?? WHATSAPP_TIMEOUT_MS,
        retries: 0,
      });
      const json = answer.json as { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } } | undefined;
      const id = json?.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return id;
      const error = json?.error;
      const reason = typeof error?.message === 'string' ? error.message : 'jawaban tidak dikenal';
      throw new ProviderFailure(`WhatsApp menolak pesan (HTTP ${answer.status}${error?.code !== undefined ? `, kode ${String(error.code)}` : ''}): ${reason}`, 'http', answer.status);
    },
  };
}
