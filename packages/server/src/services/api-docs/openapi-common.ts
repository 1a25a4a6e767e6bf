/** The parts of the base's OpenAPI document that every table shares: parameters, auth, errors, paging. */
import type { JsonSchema } from './field-schemas.js';

const query = (name: string, description: string, schema: JsonSchema, example?: unknown) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...(example !== undefined ? { example } : {}),
});

export const PARAMETERS = {
  fields: query('fields', 'Fields to return, comma-separated titles', { type: 'string' }, 'Title,Status'),
  sort: query(
    'sort',
    'Sort by titles, comma-separated; a leading - sorts descending',
    { type: 'string' },
    '-Title',
  ),
  where: query(
    'where',
    'Filter: (Field,op,value) joined with ~and / ~or, ops eq, neq, like, nlike, gt, lt, gte, lte, blank, notblank, in, btw',
    { type: 'string' },
    '(Title,like,%order%)~and(Amount,gt,10)',
  ),
  limit: query('limit', 'Rows per page', { type: 'integer', minimum: 1 }, 25),
  offset: query('offset', 'Rows to skip', { type: 'integer', minimum: 0 }, 0),
  viewId: query('viewId', 'Read through a view: its filters, sorts and shown fields apply', {
    type: 'string',
  }),
  recordId: {
    name: 'recordId',
    in: 'path',
    required: true,
    description: 'Primary key of the record',
    schema: { type: 'string' },
    example: '1',
  },
  rowId: {
    name: 'rowId',
    in: 'path',
    required: true,
    description: 'Primary key of the row',
    schema: { type: 'string' },
    example: '1',
  },
};

export const SECURITY_SCHEMES = {
  xcToken: {
    type: 'apiKey',
    in: 'header',
    name: 'xc-token',
    description: 'An API token (Account > API tokens)',
  },
  xcAuth: { type: 'apiKey', in: 'header', name: 'xc-auth', description: 'A sign-in access token' },
};

const errorBody = {
  type: 'object',
  properties: { msg: { type: 'string' }, message: { type: 'string' }, error: { type: 'string' } },
  required: ['msg', 'message'],
};
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

export const errorResponses = {
  400: error('Bad request: the message names the field and the problem'),
  401: error('Not signed in, or the token is not valid'),
  403: error('The token may not do this'),
  404: error('No such table or record'),
};

export const pageInfoSchema: JsonSchema = {
  type: 'object',
  properties: {
    totalRows: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    isFirstPage: { type: 'boolean' },
    isLastPage: { type: 'boolean' },
  },
};
