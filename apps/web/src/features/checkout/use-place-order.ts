import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkoutError, checkoutMessages as m } from '@pasar/core/checkout';
import { ApiError } from '../../lib/api-client';
import { cartActions } from '../../lib/cart';
import { placeOrder } from './api/checkout-api';
import type { Placed } from './components/placed-order';
import { buildOrderPayload, checkoutStateOf, type CheckoutDraft, type CheckoutTotals } from './order-payload';

/** Submitting the checkout: the spec's rules first (§5), one request at a time, then the success panel. */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // One key per order: a repeated submit after a lost answer is the same order, not a second one.
  // The server binds the key to what was sent (issue 14), so a placed order starts a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const submit = async (event: FormEvent, draft: CheckoutDraft, totals: CheckoutTotals) => {
    event.preventDefault();
    if (submitting) return;
    const problem = checkoutError(checkoutStateOf(draft));
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const { data: order } = await placeOrder(buildOrderPayload(draft, totals), idempotencyKey);
      setIdempotencyKey(crypto.randomUUID());
      // Spec §4: a gateway's pay page opens in a new tab, right away while the click still counts.
      const url = draft.payment === 'manual' ? null : (order.payment?.pay_url ?? order.payment?.checkout_url);
      if (url) window.open(url, '_blank', 'noopener');
      // Decision 013: a manual transfer stays here too (not /catalog), so the order number, the
      // amount and the accounts are on screen. The panel is shown before the cart empties, so the
      // empty-cart screen never flashes in between.
      await navigate(location.pathname, { replace: true, state: { placedOrder: order, provider: draft.provider.name } satisfies Placed });
      cartActions.clear();
      // The submit button sat at the bottom of a long form: start the panel at its first line.
      window.scrollTo({ top: 0 });
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : m.orderFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, error, submitting };
}
