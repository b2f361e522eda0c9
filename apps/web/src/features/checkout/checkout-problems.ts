/**
 * Where a refused checkout puts its message (issue 16): on the input the failure is about, through
 * the shared Field (aria-invalid, the message under the input), rather than only beside the submit
 * button at the bottom of a phone's screen. The rules stay core's ordered `checkoutFailure`
 * (docs/requirements/storefront.md §5, decision 015); these functions only say which input shows
 * its message, and keep it there until that input is fixed.
 */
import { checkoutFailure, type CheckoutField } from '@pasar/core/checkout';
import { checkoutStateOf, type CheckoutDraft } from './order-payload';

export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;

/** The element of each input on the screen (the area selects and the two choosers have short ids). */
export const checkoutInputIds: Record<CheckoutField, string> = {
  guest_email: 'guest_email',
  shipping_name: 'shipping_name',
  shipping_address: 'shipping_address',
  shipping_province_id: 'province',
  shipping_city_id: 'city',
  shipping_district_id: 'district',
  shipping_postcode: 'shipping_postcode',
  shipping_phone: 'shipping_phone',
  shipping_service: 'shipping_service',
  payment_method: 'payment_method',
};

/** The inputs in the order they stand on the screen: the first refused one is brought into view. */
const screenOrder = Object.keys(checkoutInputIds) as CheckoutField[];

/** Payload names the server may refuse (dotted for nested ones) → the input that shows them. */
function inputOfServerField(name: string): CheckoutField | null {
  const head = name.split('.')[0] ?? name;
  if (head === 'shipping_province') return 'shipping_province_id';
  if (head === 'shipping_city') return 'shipping_city_id';
  if (head === 'shipping_district') return 'shipping_district_id';
  if (head === 'shipping_courier' || head === 'shipping_cost_breakdown') return 'shipping_service';
  return head in checkoutInputIds ? (head as CheckoutField) : null;
}

/** The server's field messages put on the checkout's inputs; fields it has no input for are left out. */
export function serverFieldErrors(fields: Record<string, string> | undefined): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const input = inputOfServerField(name);
    if (input && !errors[input]) errors[input] = message;
  }
  return errors;
}

/** What each input holds, to tell when the buyer has changed one the server refused. */
export function inputValues(draft: CheckoutDraft): Record<CheckoutField, string> {
  const { form, destination } = draft;
  const shipping = draft.shipments.map((s) => s.choice);
  return {
    guest_email: form.guest_email,
    shipping_name: form.shipping_name,
    shipping_address: form.shipping_address,
    shipping_province_id: String(destination.province?.id ?? ''),
    shipping_city_id: String(destination.city?.id ?? ''),
    shipping_district_id: String(destination.district?.id ?? ''),
    shipping_postcode: form.shipping_postcode,
    shipping_phone: form.shipping_phone,
    shipping_service: shipping.some(Boolean) ? JSON.stringify(shipping) : '',
    payment_method: draft.payment,
  };
}

export interface ServerRefusal {
  errors: CheckoutFieldErrors;
  /** The inputs' values when the server refused them: a message goes once its input changes. */
  values: Record<CheckoutField, string>;
}

/**
 * The messages the inputs show now. After a submit the rules refused (`checked`), the rules run
 * again on every change, so the message follows the first failure still there and goes when the
 * last one is fixed; a server refusal stays on its input until that input changes.
 */
export function checkoutFieldErrors(draft: CheckoutDraft, checked: boolean, server: ServerRefusal | null): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  if (server) {
    const now = inputValues(draft);
    for (const field of screenOrder) {
      const message = server.errors[field];
      if (message && now[field] === server.values[field]) errors[field] = message;
    }
  }
  const failure = checked ? checkoutFailure(checkoutStateOf(draft)) : null;
  if (failure?.field) errors[failure.field] = failure.message;
  return errors;
}

/** The first refused input in screen order. */
export function firstRefused(errors: CheckoutFieldErrors): CheckoutField | null {
  return screenOrder.find((field) => errors[field]) ?? null;
}

/** Scrolls the input to the middle of the screen (its message sits under it) and gives it the focus. */
export function bringIntoView(field: CheckoutField): void {
  const element = document.getElementById(checkoutInputIds[field]);
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}
