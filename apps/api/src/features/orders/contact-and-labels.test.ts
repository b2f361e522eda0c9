/**
 * Issue 31: an order's phone and postcode must be one ("telepon saya" and "abc" made an order), the
 * phone kept as 62…; and every refusal names a field as the page labels it ("Alamat lengkap
 * maksimal 500 karakter."), never the payload's name ("Isian 'shipping_address' …"), for every
 * field the API's own OpenAPI document declares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '@pasar/core/checkout';
import { fieldLabels, indonesianIssueMessage } from '@pasar/core/validation';
import { testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct } from '../../test/factories';
import { appTakingManyOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { operationsOf, type JsonSchema } from '../../test/fuzz/openapi';

let t: TestApp;
let productId: number;
let local: LocalCourierOption;

beforeAll(async () => {
  t = await appTakingManyOrders();
  const home = (await makeBusiness(t.db)).id;
  productId = (await makeProduct(t.db, { business_id: home, price: 14000, stock: 40 })).id;
  local = await localCourierOption(t.app);
});
afterAll(async () => {
  await t?.close();
});

const order = (over: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { ...guestOrderPayload({ productId, quantity: 1, local }), ...over } });

/** A payload name as code writes it: snake_case or camelCase, which no person should read. */
const RAW_NAME = /\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z]*\b/;

describe(`an order's contact data (${testEngine})`, () => {
  it('refuses "telepon saya" and "abc", naming them as the checkout does', async () => {
    const res = await order({ shipping_phone: 'telepon saya', shipping_postcode: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ shipping_phone: checkoutMessages.phoneInvalid, shipping_postcode: checkoutMessages.postcodeInvalid });
  });

  it('keeps a mobile number as 62…', async () => {
    const res = await order({ shipping_phone: '0812-3456-7890', shipping_postcode: '40111' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ shipping_phone: '6281234567890', shipping_postcode: '40111' });
  });

  it('names a too long address as the page labels it', async () => {
    const res = await order({ shipping_address: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Alamat lengkap maksimal 500 karakter.');
    expect(res.json().error).not.toMatch(RAW_NAME);
  });
});

describe('every field the API declares has a name for people (issue 31)', () => {
  it('labels each body property, query and path parameter, and no message carries a raw name', () => {
    const names = new Set<string>();
    const walk = (schema: JsonSchema | undefined): void => {
      if (!schema) return;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        names.add(name);
        walk(property);
      }
      walk(schema.items);
      for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part);
    };
    for (const operation of operationsOf(t.app.swagger())) {
      walk(operation.body);
      for (const parameter of operation.parameters) if (parameter.in !== 'header') names.add(parameter.name);
    }
    expect(names.size).toBeGreaterThan(100);
    const unlabelled = [...names].filter((name) => !Object.hasOwn(fieldLabels, name));
    expect(unlabelled).toEqual([]);
    for (const name of names) {
      for (const message of [
        indonesianIssueMessage({ code: 'too_big', origin: 'string', maximum: 10, inclusive: true, path: [name], input: 'x', message: '' } as never),
        indonesianIssueMessage({ code: 'invalid_type', expected: 'string', path: ['order_items', 0, name], input: undefined, message: '' } as never),
      ]) {
        expect(message, name).not.toMatch(RAW_NAME);
        expect(message, name).toContain(fieldLabels[name]);
      }
    }
  });
});
