import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@pasar/core/time';
import { orderMessageLine } from './order-messages';

describe("the buyer's list of messages", () => {
  it('names the step, the channel, a state in the buyer\'s words and the time it went out', () => {
    const sent = '2026-11-24T03:00:00.000Z';
    expect(orderMessageLine({ id: 1, kind: 'payment_received', label: 'Pembayaran diterima', channel: 'whatsapp', status: 'sent', created_at: '2026-11-24T02:59:00.000Z', sent_at: sent })).toBe(
      `Pembayaran diterima · WhatsApp · Terkirim · ${formatDateTime(sent)}`,
    );
    expect(orderMessageLine({ id: 2, kind: 'payment_received', label: 'Pembayaran diterima', channel: 'email', status: 'kept', created_at: sent, sent_at: null })).toBe(
      `Pembayaran diterima · Email · Tercatat · ${formatDateTime(sent)}`,
    );
  });
});
