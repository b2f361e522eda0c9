/**
 * The API document as outside tools read it (issue 27 §7, docs/decisions/072-openapi-contract.md):
 * the one served at /api/docs/json, linted by an independent linter (Redocly's `recommended` rule
 * set, @redocly/openapi-core) with no error, and every operation named, secured as its route's
 * `config.access` says, and answering refusals in the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from '../test/app';
import type { Access } from './auth';
import { operationIdFor } from './openapi';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string; format?: string; items?: { format?: string }; anyOf?: { format?: string; items?: { format?: string } }[] }> } }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> };
}

let t: TestApp;
let body: string;
let doc: Document;

async function served(app: TestApp['app']): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Redocly's `recommended` rules, nothing switched off: the rule set decision 072 names. */
async function lint(source: string): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  return lintFromString({ source, absoluteRef: 'openapi.json', config });
}

const describeProblem = (p: NormalizedProblem) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`;

function operations(document: Document): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/** `/api/v1/orders/:id/` as the router registered it → `/api/v1/orders/{id}` as the document names it. */
const documentPath = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  body = await served(t.app);
  doc = JSON.parse(body) as Document;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document (issue 27 §7)', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const problems = await lint(body);
    const warnings = problems.filter((p) => p.severity === 'warn');
    const byRule = new Map<string, number>();
    for (const p of warnings) byRule.set(p.ruleId, (byRule.get(p.ruleId) ?? 0) + 1);
    process.stdout.write(`openapi lint: ${warnings.length} warning(s) ${JSON.stringify(Object.fromEntries(byRule))}\n`);
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('covers every API route the app registered', () => {
    const apiRoutes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/'));
    expect(apiRoutes.length).toBeGreaterThan(100);
    const missing = apiRoutes.filter((r) => !doc.paths[documentPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('names every operation uniquely, in camelCase', () => {
    const all = operations(doc);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // A route's own name wins over the derived one.
    expect(doc.paths['/api/v1/orders']?.post?.operationId).toBe('placeOrder');
    expect(doc.paths['/api/v1/orders/mine/{id}']?.get?.operationId).toBe('getOrdersMineById');
  });

  it("declares security as each route's config.access says", () => {
    const wrong: string[] = [];
    for (const route of t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/'))) {
      const operation = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      const security = operation?.security;
      const label = `${route.method} ${route.url}`;
      if (!security || security.length === 0) {
        wrong.push(`${label}: no security`);
        continue;
      }
      const anonymous = security.some((s) => Object.keys(s).length === 0);
      const bearer = security.some((s) => 'bearer' in s);
      const access: Access = route.access;
      if (!bearer) wrong.push(`${label}: the bearer scheme is not offered`);
      if (access === 'public' && !anonymous) wrong.push(`${label}: public, but the document requires a token`);
      if (access !== 'public' && anonymous) wrong.push(`${label}: ${JSON.stringify(access)}, but the document lets anyone in`);
      const roles = typeof access === 'object' ? [...access.roles] : undefined;
      expect(operation['x-roles'], label).toEqual(roles);
    }
    expect(wrong).toEqual([]);
  });

  it('declares the error envelope on every operation: a 4XX and a 500, 401 where a token is required', () => {
    const envelopeRef = '#/components/schemas/ErrorBody';
    for (const [name, response] of Object.entries(doc.components.responses)) expect(response.content['application/json']?.schema.$ref, name).toBe(envelopeRef);
    const wrong: string[] = [];
    for (const { method, path, operation } of operations(doc)) {
      const responses = operation.responses ?? {};
      const label = `${method.toUpperCase()} ${path}`;
      const isEnvelope = (status: string) => {
        const response = responses[status];
        if (!response?.$ref) return false;
        const name = response.$ref.replace('#/components/responses/', '');
        return doc.components.responses[name]?.content['application/json']?.schema.$ref === envelopeRef;
      };
      if (!isEnvelope('4XX')) wrong.push(`${label}: no 4XX envelope`);
      if (!isEnvelope('500')) wrong.push(`${label}: no 500 envelope`);
      const tokenRequired = !(operation.security ?? []).some((s) => Object.keys(s).length === 0);
      if (tokenRequired && !isEnvelope('401')) wrong.push(`${label}: requires a token but declares no 401`);
      if (operation['x-roles'] && !isEnvelope('403')) wrong.push(`${label}: requires a role but declares no 403`);
    }
    expect(wrong).toEqual([]);
  });

  it('describes every upload as multipart/form-data with its file fields as binary', () => {
    const uploads: Record<string, string[]> = {
      'post /api/v1/products': ['image_cover', 'images'],
      'put /api/v1/products/{id}': ['image_cover', 'images'],
      'post /api/v1/mitra/products': ['image_cover', 'images'],
      'put /api/v1/mitra/products/{id}': ['image_cover', 'images'],
      'post /api/v1/knowledge': ['file'],
      'put /api/v1/knowledge/{id}': ['file'],
      'post /api/v1/orders/access/{token}/payment-proof': ['file'],
      'post /api/v1/orders/mine/{id}/payment-proof': ['file'],
    };
    for (const [key, files] of Object.entries(uploads)) {
      const [method = '', path = ''] = key.split(' ');
      const properties = doc.paths[path]?.[method]?.requestBody?.content?.['multipart/form-data']?.schema?.properties;
      expect(properties, key).toBeDefined();
      for (const file of files) {
        const property = properties?.[file];
        const formats = [property, property?.items, ...(property?.anyOf ?? []), ...(property?.anyOf ?? []).map((a) => a.items)].map((s) => s?.format);
        expect(formats, `${key} ${file}`).toContain('binary');
      }
    }
    // The product form's text fields come along with the files.
    expect(doc.paths['/api/v1/products']?.post?.requestBody?.content?.['multipart/form-data']?.schema?.properties?.price?.type).toBe('integer');
  });

  it("names the server: relative without PUBLIC_URL, the shop's address with it", async () => {
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const shop = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://toko.example.id/' } });
    try {
      const source = await served(shop.app);
      expect((JSON.parse(source) as Document).servers?.map((s) => s.url)).toEqual(['https://toko.example.id']);
      expect((await lint(source)).filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});

describe('operationIdFor', () => {
  it('makes a camelCase name from the method and the path, without the API prefix', () => {
    expect(operationIdFor('GET', '/api/v1/health')).toBe('getHealth');
    expect(operationIdFor('POST', '/api/v1/orders/access/:token/shipments/:shipmentId/received')).toBe('postOrdersAccessByTokenShipmentsByShipmentIdReceived');
    expect(operationIdFor('GET', '/api/v1/reports/sales.xlsx')).toBe('getReportsSalesXlsx');
    expect(operationIdFor('PUT', '/api/v1/payouts/partners/:businessId/commission')).toBe('putPayoutsPartnersByBusinessIdCommission');
    expect(operationIdFor('GET', '/api/v1/couriers/local-options')).toBe('getCouriersLocalOptions');
  });
});
