/** The base's REST API docs: a valid OpenAPI 3.1 document built from its tables, and the Swagger UI page. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseUser, randomEmail, signIn, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { addColumn, createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

describe.each(testDatabases())('REST API docs on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  let orders: { id: string };
  let viewer: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner, 'Shop')).id;
    const customers = await createTable(server, owner, baseId, {
      title: 'Customers',
      columns: [
        { title: 'Email', uidt: 'Email' },
        { title: 'Joined', uidt: 'Date' },
      ],
    });
    orders = await createTable(server, owner, baseId, {
      title: 'Order items',
      columns: [
        { title: 'Amount', uidt: 'Decimal' },
        { title: 'Paid', uidt: 'Checkbox' },
        { title: 'Quantity', uidt: 'Number' },
      ],
    });
    await addColumn(server, owner, customers.id, {
      title: 'Orders',
      uidt: 'Links',
      parentId: customers.id,
      childId: orders.id,
      type: 'hm',
    });
    const v = await signUpUser(server.api, randomEmail('viewer'));
    await addBaseUser(server, baseId, await userIdOf(server, v.token), 'viewer');
    viewer = (await signIn(server, v.email)).token;
  });
  afterAll(async () => server?.close());

  const docUrl = () => `/api/v2/meta/bases/${baseId}/swagger.json`;

  it('serves an OpenAPI 3.1 document that validates against the OpenAPI schema', async () => {
    const res = await server.api.get(docUrl(), { token: viewer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['xcAuth', 'xcToken']);
  });

  it('describes each table: v2 and v1 routes, field schemas with examples, paging and filter parameters', async () => {
    const doc = (await server.api.get(docUrl(), { token: owner.token })).body;
    const records = doc.paths[`/api/v2/tables/${orders.id}/records`];
    expect(Object.keys(records).sort()).toEqual(['delete', 'get', 'patch', 'post']);
    expect(records.get.parameters.map((p: { $ref: string }) => p.$ref.split('/').pop())).toEqual(
      expect.arrayContaining(['where', 'sort', 'limit', 'offset', 'fields']),
    );
    expect(doc.paths[`/api/v1/db/data/noco/${baseId}/Order%20items`].get).toMatchObject({
      tags: ['Order items'],
      summary: expect.any(String),
    });
    expect(doc.paths[`/api/v1/db/data/noco/${baseId}/Order%20items/{rowId}`].patch).toMatchObject({
      tags: ['Order items'],
    });
    const request = doc.components.schemas.OrderitemsRequest;
    expect(request.properties.Amount.type).toEqual(['number', 'null']);
    expect(request.properties.Paid.type).toEqual(['boolean', 'null']);
    expect(request.properties.Quantity.type).toEqual(['integer', 'null']);
    expect(request.examples[0]).toMatchObject({ Amount: 12.5, Paid: true });
    expect(request.properties.Id).toBeUndefined();
    const customer = doc.components.schemas.CustomersRecord;
    expect(customer.properties.Email.format).toBe('email');
    expect(customer.properties.Joined.format).toBe('date');
    expect(customer.properties.Id).toMatchObject({ type: 'integer' });
    const linkPaths = Object.keys(doc.paths).filter((p) => p.includes('/links/'));
    expect(linkPaths.length).toBeGreaterThanOrEqual(2);
  });

  it('needs a base role: 401 without a token, 403 for someone else, OK with a base API token', async () => {
    expect((await server.api.get(docUrl())).status).toBe(401);
    const stranger = await signUpUser(server.api, randomEmail('stranger'));
    expect((await server.api.get(docUrl(), { token: stranger.token })).status).toBe(403);
    const made = await server.api.post(
      `/api/v1/db/meta/projects/${baseId}/api-tokens`,
      { description: 'docs' },
      {
        token: owner.token,
      },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await server.api.get(docUrl(), { apiToken: made.body.token })).status).toBe(200);
  });

  it('serves the Swagger UI page and its assets from the app itself', async () => {
    const page = await fetch(`${server.url}/api/v2/meta/bases/${baseId}/swagger`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/v2/meta/swagger-ui/swagger-ui-bundle.js');
    expect(html).toContain(`/api/v2/meta/bases/${baseId}/swagger.json`);
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${server.url}/api/v2/meta/swagger-ui/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const bad = await fetch(`${server.url}/api/v2/meta/bases/${encodeURIComponent('<x>')}/swagger`);
    expect(bad.status).toBe(400);
    await bad.text();
  });
});
