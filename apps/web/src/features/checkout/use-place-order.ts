import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkoutFailure, checkoutMessages as m, type CheckoutField } from '@pasar/core/checkout';
import { describePriceChanges } from '@pasar/core/pos';
import { failureMessage } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { cartActions } from '../../lib/cart';
import { placeOrder, priceChangedOf } from './api/checkout-api';
import type { Placed } from './components/placed-order';
import { bringIntoView, checkoutFieldErrors, firstRefused, inputValues, serverFieldErrors, type ServerRefusal } from './checkout-problems';
import { buildOrderPayload, checkoutStateOf, type CheckoutDraft, type CheckoutTotals } from './order-payload';

/** Submitting the checkout: the spec's rules first (§5), one request at a time, then the success panel. */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [changes, setChanges] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  // Issue 16: a refusal is shown on its input, brought into view, and goes once the input is fixed.
  const [checked, setChecked] = useState(false);
  const [serverRefusal, setServerRefusal] = useState<ServerRefusal | null>(null);
  const [focus, setFocus] = useState<{ field: CheckoutField } | null>(null);
  useEffect(() => {
    if (focus) bringIntoView(focus.field);
  }, [focus]);
  // One key per order: a repeated submit after a lost answer is the same order, not a second one.
  // The server binds the key to what was sent (issue 14), so a placed order starts a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const submit = async (event: FormEvent, draft: CheckoutDraft, totals: CheckoutTotals, requote?: () => void) => {
    event.preventDefault();
    if (submitting) return;
    setChanges([]);
    const problem = checkoutFailure(checkoutStateOf(draft));
    setChecked(true);
    setServerRefusal(null);
    if (problem) {
      // A rule about an input shows under it; the others (a cart from several origins) beside the button.
      setError(problem.field ? undefined : problem.message);
      if (problem.field) setFocus({ field: problem.field });
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
      // Only the lines ordered leave the cart: a checkout of one origin group keeps the others (issue 16).
      cartActions.removeLines(draft.lines.map((l) => l.id));
      // The submit button sat at the bottom of a long form: start the panel at its first line.
      window.scrollTo({ top: 0 });
    } catch (e) {
      // Issue 28: a price moved since the cart was filled. The cart takes the current prices, the page
      // shows old → new and the new total, and the shopper places again (as the point of sale does).
      const changed = priceChangedOf(e);
      if (changed) {
        cartActions.reprice(changed.prices);
        setChanges(describePriceChanges(changed.prices));
        setError(m.pricesChanged);
        requote?.();
        return;
      }
      // A stale session answers 401: the API client has already sent the shopper to /login, with the way back here; the cart stays.
      // Spec §8: the server's error, else 'Gagal memproses pesanan. Silakan coba kembali.' (a 5xx,
      // an answer without the envelope or a lost connection: failureMessage).
      const errors = serverFieldErrors(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.fields : undefined);
      const first = firstRefused(errors);
      if (first) {
        setServerRefusal({ errors, values: inputValues(draft) });
        setFocus({ field: first });
      } else {
        setError(failureMessage(e, m.orderFailed, 'replace'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return {
    submit,
    /** The message beside the submit button: a failure that is about no input. */
    error,
    /** Old → new per product after a 409 PRICE_CHANGED. */
    changes,
    submitting,
    /** The message each input shows now (see checkoutFieldErrors). */
    fieldErrorsOf: (draft: CheckoutDraft) => checkoutFieldErrors(draft, checked, serverRefusal),
  };
}
