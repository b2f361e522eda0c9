/**
 * Throttle on guest order lookups (issue 14): order ids are sequential, so without one a script
 * could try e-mails on an order, or orders on an e-mail, without end. Per address, 10 lookups in
 * 15 minutes (counted before the lookup, so a parallel burst cannot slip past); per order, 20
 * failed lookups in an hour from anywhere. The buyer keeps the order's own link from the e-mail
 * and the checkout, which no throttle touches (docs/decisions/025-shared-rate-limits.md).
 */
import { secondsUntil, type Counters } from '../../limits/counters';

export const LOOKUP_LIMITS = {
  perAddress: { windowMs: 15 * 60_000, max: 10 },
  perOrder: { windowMs: 60 * 60_000, max: 20 },
} as const;

export class LookupLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => Date,
  ) {}

  /** Counts a lookup; answers the seconds to wait when over a limit (then do not look), or 0. */
  async take(address: string, orderId: number): Promise<number> {
    const order = await this.counters.peek(`lookup:order:${orderId}`);
    if (order.count >= LOOKUP_LIMITS.perOrder.max) return secondsUntil(order.resetAt, this.now());
    const own = await this.counters.hit(`lookup:ip:${address}`, LOOKUP_LIMITS.perAddress.windowMs);
    if (own.count > LOOKUP_LIMITS.perAddress.max) return secondsUntil(own.resetAt, this.now());
    return 0;
  }

  async recordFailure(orderId: number): Promise<void> {
    await this.counters.hit(`lookup:order:${orderId}`, LOOKUP_LIMITS.perOrder.windowMs);
  }
}
