/**
 * A local stand-in for Meta's WhatsApp Cloud API, for tests only: it answers
 * POST /{version}/{phone-number-id}/messages as Meta documents, `{ messaging_product, contacts,
 * messages: [{ id }] }`, checks the Bearer token (401 with Meta's OAuthException body otherwise),
 * and can be told to refuse a template (400, code 132001), fail (500) or hang.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWhatsapp {
  /** The base to put in WHATSAPP_API_URL (…/v21.0). */
  url: string;
  received: { path: string; authorization: string | undefined; body: unknown }[];
  /** What the next requests get: 'ok', 'unknown-template', 'server-error', or 'hang'. */
  mode: 'ok' | 'unknown-template' | 'server-error' | 'hang';
  close(): Promise<void>;
}

export async function startFakeWhatsapp(token: string): Promise<FakeWhatsapp> {
  const fake: FakeWhatsapp = { url: '', received: [], mode: 'ok', close: async () => undefined };
  let next = 1;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      fake.received.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (fake.mode === 'hang') return;
      if (req.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/messages$/.test(req.url ?? '')) {
        return answer(400, { error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100, fbtrace_id: 'Afake' } });
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        return answer(401, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'Afake' } });
      }
      if (fake.mode === 'server-error') return answer(500, { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1, fbtrace_id: 'Afake' } });
      if (fake.mode === 'unknown-template') {
        return answer(400, { error: { message: '(#132001) Template name does not exist in the translation', type: 'OAuthException', code: 132001, fbtrace_id: 'Afake' } });
      }
      const to = (body as { to?: string } | undefined)?.to ?? '';
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.FAKE${next++}` }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
