/** Issue 31: the order payload's phone and postcode, as the server reads them. */
import { describe, expect, it } from 'vitest';
import { indonesianPhone } from '../accounts/index';
import { installIndonesianValidationMessages } from '../validation/index';
import { orderPayloadSchema } from './order.schema';
import { checkoutMessages as m } from './rules';

installIndonesianValidationMessages();

const issues = (input: Record<string, unknown>) => {
  const parsed = orderPayloadSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the order payload takes a phone and a postcode only when they are one', () => {
  it('refuses "telepon saya" and "abc" with the messages the page shows', () => {
    expect(issues({ shipping_phone: 'telepon saya', shipping_postcode: 'abc' })).toEqual({ shipping_phone: m.phoneInvalid, shipping_postcode: m.postcodeInvalid });
    expect(issues({ shipping_phone: '+1 555 0100 000' })).toEqual({ shipping_phone: m.phoneInvalid });
    expect(issues({ shipping_postcode: '123456' })).toEqual({ shipping_postcode: 'Kode pos maksimal 5 karakter.' });
  });
  it('keeps a mobile or landline number as 62…, as a partner phone is kept', () => {
    expect(orderPayloadSchema.parse({ shipping_phone: '0812-3456-7890', shipping_postcode: ' 40111 ' })).toMatchObject({ shipping_phone: '6281234567890', shipping_postcode: '40111' });
    expect(orderPayloadSchema.parse({ shipping_phone: '+62 812 3456 7890' }).shipping_phone).toBe('6281234567890');
    expect(orderPayloadSchema.parse({ shipping_phone: '(022) 420-1234' }).shipping_phone).toBe('62224201234');
    expect(orderPayloadSchema.parse({ shipping_phone: '' }).shipping_phone).toBeNull();
  });
  it('uses registration phone shape (PHONE_PATTERN) and the shop one normaliser', () => {
    expect(indonesianPhone('0812 3456 7890')).toBe('6281234567890');
    expect(indonesianPhone('812-3456-7890')).toBe('6281234567890');
    for (const bad of ['telepon saya', '0812a4567890', '12', '+62 0812 3456 7890', '1-800-555-0199']) expect(indonesianPhone(bad)).toBeNull();
  });
});
