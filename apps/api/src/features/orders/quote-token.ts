/**
 * A checkout quote reserves an order id so the kode unik it shows is the one the order then uses
 * (issue 28: "Rp98.500" on the page, "Rp99.427" asked after placing). The token carries the id and
 * an expiry, signed so a client cannot pick an id of its own; the checkout also refuses an id the
 * sequence has not given out yet (a derived key is guessable by whoever knows DATA_DIR).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/** How long a quote's id is held: a shopper filling in the form, then placing. */
export const QUOTE_TTL_MS = 2 * 60 * 60 * 1000;

function keyOf(config: Config): string {
  return config.CHECKOUT_QUOTE_SECRET ?? createHash('sha256').update(`checkout-quote:${config.DATABASE_URL ?? config.dataDir}`).digest('hex');
}

const sign = (config: Config, body: string) => createHmac('sha256', keyOf(config)).update(body).digest('base64url');

export function quoteToken(config: Config, orderId: number, now: Date): string {
  const body = `${orderId}.${now.getTime() + QUOTE_TTL_MS}`;
  return `${body}.${sign(config, body)}`;
}

/** The order id of a valid, unexpired token; undefined for anything else (the checkout then takes a new id). */
export function readQuoteToken(config: Config, token: string | null | undefined, now: Date): number | undefined {
  if (!token) return undefined;
  const match = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(config, `${id}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) < now.getTime()) return undefined;
  const orderId = Number(id);
  return orderId > 0 && orderId <= 2_147_483_647 ? orderId : undefined;
}
