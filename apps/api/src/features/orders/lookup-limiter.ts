/**
 * Throttle on guest order lookups (issue 14): order ids are sequential, so without one a script
 * could try e-mails on an order, or orders on an e-mail, without end. Issue 26: the throttle must
 * not let strangers lock the real buyer out, so nothing one address does refuses another address.
 * - Per address: 10 lookups in 15 minutes, whatever the order (counted before the lookup, so a
 *   parallel burst cannot slip past).
 * - Per address and order: 5 failed lookups of one order in an hour.
 * - Per order, from anywhere: after 20 failed lookups in an hour the order is being guessed at, and
 *   each address gets a single try of it: an address that has already failed on it is refused, an
 *   address that has not (the buyer, on another network) still gets its answer. A script spread
 *   over many addresses thus gets one guess per address per hour, never the buyer's lock-out.
 * The buyer also keeps the order's own link from the e-mail and the checkout, which no throttle
 * touches (docs/decisions/025-shared-rate-limits.md, 046-timeouts-lookups-and-logs.md).
 */
import { secondsUntil, type Counters } from '../../limits/counters';

export const LOOKUP_LIMITS = {
  perAddress: { windowMs: 15 * 60_000, max: 10 },
  perAddressAndOrder: { windowMs: 60 * 60_000, max: 5 },
  perOrder: { windowMs: 60 * 60_000, max: 20 },
} as const;

const orderKey = (orderId: number) => `lookup:order:${orderId}`;
const pairKey = (address: string, orderId: number) => `lookup:order:${orderId}:ip:${address}`;

export class LookupLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => Date,
  ) {}

  /** Counts a lookup; answers the seconds to wait when over a limit (then do not look), or 0. */
  async take(address: string, orderId: number): Promise<number> {
    const own = await this.counters.hit(`lookup:ip:${address}`, LOOKUP_LIMITS.perAddress.windowMs);
    if (own.count > LOOKUP_LIMITS.perAddress.max) return secondsUntil(own.resetAt, this.now());
    const pair = await this.counters.peek(pairKey(address, orderId));
    if (pair.count >= LOOKUP_LIMITS.perAddressAndOrder.max) return secondsUntil(pair.resetAt, this.now());
    if (pair.count > 0) {
      const order = await this.counters.peek(orderKey(orderId));
      if (order.count >= LOOKUP_LIMITS.perOrder.max) return secondsUntil(Math.max(order.resetAt, pair.resetAt), this.now());
    }
    return 0;
  }

  async recordFailure(address: string, orderId: number): Promise<void> {
    await this.counters.hit(pairKey(address, orderId), LOOKUP_LIMITS.perAddressAndOrder.windowMs);
    await this.counters.hit(orderKey(orderId), LOOKUP_LIMITS.perOrder.windowMs);
  }
}
