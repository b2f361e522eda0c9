/**
 * The WhatsApp Cloud API client against a local fake speaking Meta's protocol (fake-whatsapp.ts):
 * the Bearer token, the template body, Meta's error answers and a server that never answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createWhatsappSender } from './whatsapp-client';
import { startFakeWhatsapp, type FakeWhatsapp } from './fake-whatsapp';

let fake: FakeWhatsapp;
const token = 'EAAtesttoken';

beforeAll(async () => {
  fake = await startFakeWhatsapp(token);
});
afterAll(async () => {
  await fake.close();
});

const sender = (over: Record<string, string> = {}, timeoutMs?: number) =>
  createWhatsappSender(loadConfig({ WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_API_URL: fake.url, ...over }), timeoutMs ? { timeoutMs } : {});

describe('the WhatsApp Cloud API client', () => {
  it('is absent without the token and the phone number id', () => {
    expect(createWhatsappSender(loadConfig({}))).toBeNull();
    expect(createWhatsappSender(loadConfig({ WHATSAPP_TOKEN: token }))).toBeNull();
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '+62 812' })).toThrow();
  });

  it('posts the approved template with its body parameters and the Bearer token, and answers the message id', async () => {
    fake.mode = 'ok';
    fake.received = [];
    const id = await sender()!.send({ to: '6281200000000', template: 'pasar_payment_received', params: ['Siti', 'Pasar UMKM', '#42', 'Rp15.000', 'https://toko.contoh.id/pesanan/akses/ab'] });
    expect(id).toMatch(/^wamid\./);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toEqual({
      path: '/v21.0/106540352242922/messages',
      authorization: `Bearer ${token}`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '6281200000000',
        type: 'template',
        template: {
          name: 'pasar_payment_received',
          language: { code: 'id' },
          components: [
            {
              type: 'body',
              parameters: ['Siti', 'Pasar UMKM', '#42', 'Rp15.000', 'https://toko.contoh.id/pesanan/akses/ab'].map((text) => ({ type: 'text', text })),
            },
          ],
        },
      },
    });
  });

  it("rejects with Meta's own reason: a wrong token, an unknown template, a server error", async () => {
    fake.mode = 'ok';
    await expect(sender({ WHATSAPP_TOKEN: 'salah' })!.send({ to: '6281200000000', template: 't', params: [] })).rejects.toThrow(/HTTP 401, kode 190.*Invalid OAuth access token/);
    fake.mode = 'unknown-template';
    await expect(sender()!.send({ to: '6281200000000', template: 'pasar_tidak_ada', params: [] })).rejects.toThrow(/HTTP 400, kode 132001.*Template name does not exist/);
    fake.mode = 'server-error';
    fake.received = [];
    await expect(sender()!.send({ to: '6281200000000', template: 't', params: [] })).rejects.toThrow(/500/);
    // Sent once: the outbox retries later, a second POST now could deliver the message twice.
    expect(fake.received).toHaveLength(1);
  });

  it('gives up on a server that never answers', async () => {
    fake.mode = 'hang';
    await expect(sender({}, 300)!.send({ to: '6281200000000', template: 't', params: [] })).rejects.toThrow(/timed out/);
    fake.mode = 'ok';
  });
});
