/**
 * The base's OpenAPI 3.1 document: for every table the v2 record routes and the v1 data routes with
 * request and response schemas built from its fields, the filter, sort and paging parameters, the auth
 * headers and example values. Generated on request from the meta store, so it always matches the base.
 */
import { isLink } from '@rowbase/core/fields/ui-types';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { AppContext } from '../../context.js';
import type { BaseRecord } from '../../meta/repos/bases.js';
import type { FullTable } from '../tables-meta.js';
import { exampleOf, fieldSchema, isWritable, type JsonSchema } from './field-schemas.js';
import { PARAMETERS, SECURITY_SCHEMES, errorResponses, pageInfoSchema } from './openapi-common.js';

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation>;

export async function baseOpenApi(ctx: Pick<AppContext, 'meta'>, base: BaseRecord, serverUrl: string) {
  const tables = (await ctx.meta.listTables(base.id)).filter((t) => !t.mm);
  const paths: Record<string, PathItem> = {};
  const schemas: Record<string, JsonSchema> = { PageInfo: pageInfoSchema };
  const names = new Set<string>();
  for (const t of tables) {
    const name = schemaName(t.title, names);
    schemas[`${name}Record`] = recordSchema(t.columns);
    schemas[`${name}Request`] = requestSchema(t.columns);
    Object.assign(paths, v2Paths(t, name), v1Paths(base, t, name));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${base.title} REST APIs`,
      version: '1.0.0',
      description:
        'Record APIs of every table of this base. Authenticate with an API token in the `xc-token` header, or with a sign-in token in `xc-auth`.',
    },
    servers: [{ url: serverUrl }],
    tags: tables.map((t) => ({ name: t.title, description: `Records of ${t.title}` })),
    security: [{ xcToken: [] }, { xcAuth: [] }],
    paths,
    components: { schemas, parameters: PARAMETERS, securitySchemes: SECURITY_SCHEMES },
  };
}

/** A component name from a title: letters and digits, unique within the document. */
function schemaName(title: string, taken: Set<string>): string {
  const base = title.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '') || 'Table';
  let name = /^[A-Za-z]/.test(base) ? base : `T${base}`;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}

const shown = (c: ColumnMeta) => !c.system || c.pk;

function recordSchema(columns: ColumnMeta[]): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const c of columns.filter(shown)) props[c.title] = fieldSchema(c, { nullable: !c.pk });
  return { type: 'object', properties: props };
}

function requestSchema(columns: ColumnMeta[]): JsonSchema {
  const writable = columns.filter(isWritable);
  const props: Record<string, JsonSchema> = {};
  for (const c of writable) props[c.title] = fieldSchema(c, { nullable: !c.rqd });
  const required = writable.filter((c) => c.rqd && c.cdf == null).map((c) => c.title);
  const example = Object.fromEntries(writable.map((c) => [c.title, exampleOf(c)]));
  return { type: 'object', properties: props, ...(required.length ? { required } : {}), examples: [example] };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const json = (schema: JsonSchema, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
const body = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
const idRef = { type: 'object', properties: { Id: {} }, required: ['Id'] };
const listOf = (name: string) => ({
  type: 'object',
  properties: { list: { type: 'array', items: ref(`${name}Record`) }, pageInfo: ref('PageInfo') },
});

function op(t: FullTable, summary: string, extra: Operation): Operation {
  return { tags: [t.title], summary, responses: { ...errorResponses }, ...extra };
}

function v2Paths(t: FullTable, name: string): Record<string, PathItem> {
  const records = `/api/v2/tables/${t.id}/records`;
  const withId = { allOf: [idRef, ref(`${name}Request`)] };
  const out: Record<string, PathItem> = {
    [records]: {
      get: op(t, `List ${t.title} records`, {
        parameters: ['fields', 'sort', 'where', 'limit', 'offset', 'viewId'].map(param),
        responses: { 200: json(listOf(name)), ...errorResponses },
      }),
      post: op(t, `Create ${t.title} records`, {
        requestBody: body({
          oneOf: [ref(`${name}Request`), { type: 'array', items: ref(`${name}Request`) }],
        }),
        responses: { 200: json({ oneOf: [idRef, { type: 'array', items: idRef }] }), ...errorResponses },
      }),
      patch: op(t, `Update ${t.title} records`, {
        requestBody: body({ oneOf: [withId, { type: 'array', items: withId }] }),
        responses: { 200: json({ oneOf: [idRef, { type: 'array', items: idRef }] }), ...errorResponses },
      }),
      delete: op(t, `Delete ${t.title} records`, {
        requestBody: body({ oneOf: [idRef, { type: 'array', items: idRef }] }),
        responses: { 200: json({ oneOf: [idRef, { type: 'array', items: idRef }] }), ...errorResponses },
      }),
    },
    [`${records}/count`]: {
      get: op(t, `Count ${t.title} records`, {
        parameters: [param('where'), param('viewId')],
        responses: {
          200: json({ type: 'object', properties: { count: { type: 'integer' } } }),
          ...errorResponses,
        },
      }),
    },
    [`${records}/{recordId}`]: {
      get: op(t, `Read one ${t.title} record`, {
        parameters: [param('recordId'), param('fields')],
        responses: { 200: json(ref(`${name}Record`)), ...errorResponses },
      }),
    },
  };
  for (const c of t.columns.filter((x) => isLink(x.uidt))) {
    const path = `/api/v2/tables/${t.id}/links/${c.id}/records/{recordId}`;
    const ids = { oneOf: [idRef, { type: 'array', items: idRef }] };
    out[path] = {
      get: op(t, `List records linked through ${c.title}`, {
        parameters: [param('recordId'), ...['fields', 'sort', 'where', 'limit', 'offset'].map(param)],
        responses: {
          200: json({
            type: 'object',
            properties: { list: { type: 'array', items: { type: 'object' } }, pageInfo: ref('PageInfo') },
          }),
          ...errorResponses,
        },
      }),
      post: op(t, `Link records through ${c.title}`, {
        parameters: [param('recordId')],
        requestBody: body(ids),
        responses: { 200: json({ type: 'boolean' }), ...errorResponses },
      }),
      delete: op(t, `Unlink records through ${c.title}`, {
        parameters: [param('recordId')],
        requestBody: body(ids),
        responses: { 200: json({ type: 'boolean' }), ...errorResponses },
      }),
    };
  }
  return out;
}

function v1Paths(base: BaseRecord, t: FullTable, name: string): Record<string, PathItem> {
  const table = `/api/v1/db/data/noco/${base.id}/${encodeURIComponent(t.title)}`;
  return {
    [table]: {
      get: op(t, `List ${t.title} rows (v1)`, {
        parameters: ['fields', 'sort', 'where', 'limit', 'offset'].map(param),
        responses: { 200: json(listOf(name)), ...errorResponses },
      }),
      post: op(t, `Create a ${t.title} row (v1)`, {
        requestBody: body(ref(`${name}Request`)),
        responses: { 200: json(ref(`${name}Record`)), ...errorResponses },
      }),
    },
    [`${table}/count`]: {
      get: op(t, `Count ${t.title} rows (v1)`, {
        parameters: [param('where')],
        responses: {
          200: json({ type: 'object', properties: { count: { type: 'integer' } } }),
          ...errorResponses,
        },
      }),
    },
    [`${table}/find-one`]: {
      get: op(t, `First ${t.title} row matching (v1)`, {
        parameters: ['fields', 'sort', 'where'].map(param),
        responses: { 200: json(ref(`${name}Record`)), ...errorResponses },
      }),
    },
    [`${table}/{rowId}`]: {
      get: op(t, `Read a ${t.title} row (v1)`, {
        parameters: [param('rowId')],
        responses: { 200: json(ref(`${name}Record`)), ...errorResponses },
      }),
      patch: op(t, `Update a ${t.title} row (v1)`, {
        parameters: [param('rowId')],
        requestBody: body(ref(`${name}Request`)),
        responses: { 200: json(ref(`${name}Record`)), ...errorResponses },
      }),
      delete: op(t, `Delete a ${t.title} row (v1)`, {
        parameters: [param('rowId')],
        responses: { 200: json({ type: 'integer', description: 'Rows deleted' }), ...errorResponses },
      }),
    },
  };
}
