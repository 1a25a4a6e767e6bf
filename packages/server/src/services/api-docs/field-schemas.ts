/**
 * JSON Schema and example values of a field, by its value kind (the field registry says which kind a UI
 * type holds), for the base's OpenAPI document.
 */
import { isPrimaryKeyType, jsonFormatOf } from '@rowbase/core/fields/traits';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { ValueKind } from '@rowbase/core/fields/field-type';
import { fieldType } from '@rowbase/core/fields/registry';

export type JsonSchema = Record<string, unknown>;

const KIND_SCHEMAS: { [K in ValueKind]: { schema: JsonSchema; example: unknown } } = {
  id: { schema: { type: 'integer' }, example: 1 },
  text: { schema: { type: 'string' }, example: 'Some text' },
  longtext: { schema: { type: 'string' }, example: 'A longer text\nover two lines' },
  integer: { schema: { type: 'integer' }, example: 42 },
  decimal: { schema: { type: 'number' }, example: 12.5 },
  boolean: { schema: { type: 'boolean' }, example: true },
  date: { schema: { type: 'string', format: 'date' }, example: '2024-05-17' },
  datetime: { schema: { type: 'string', format: 'date-time' }, example: '2024-05-17T09:30:00.000Z' },
  time: { schema: { type: 'string' }, example: '09:30:00' },
  year: { schema: { type: 'integer' }, example: 2024 },
  select: { schema: { type: 'string' }, example: 'Option A' },
  multiselect: {
    schema: { type: 'string', description: 'Comma-separated options' },
    example: 'Option A,Option B',
  },
  json: { schema: {}, example: { key: 'value' } },
  attachment: {
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          url: { type: 'string' },
          title: { type: 'string' },
          mimetype: { type: 'string' },
          size: { type: 'integer' },
        },
      },
    },
    example: [{ url: 'https://example.com/file.png', title: 'file.png', mimetype: 'image/png', size: 1024 }],
  },
  geo: { schema: { type: 'string', description: 'latitude;longitude' }, example: '52.52;13.405' },
  user: {
    schema: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } } },
    },
    example: [{ id: 'us_abc123', email: 'person@example.com' }],
  },
  link: { schema: { description: 'Linked records (a count on list endpoints)' }, example: 1 },
  lookup: { schema: { description: 'Values looked up through a link' }, example: ['Value'] },
  rollup: { schema: { type: 'number' }, example: 3 },
  formula: { schema: { description: 'Computed by the formula' }, example: 'Result' },
  computed: { schema: { description: 'Computed by the server' }, example: null },
};

/** Overrides where the UI type narrows its kind (an e-mail is text in the database, but a format here). */
function narrowed(c: ColumnMeta, schema: JsonSchema): JsonSchema {
  const format = jsonFormatOf(c.uidt);
  return format ? { ...schema, format } : schema;
}

export function fieldSchema(c: ColumnMeta, opts: { nullable: boolean }): JsonSchema {
  const { schema, example } = KIND_SCHEMAS[fieldType(c.uidt).kind];
  const typed = narrowed(c, schema);
  const withNull =
    opts.nullable && typeof typed.type === 'string' ? { ...typed, type: [typed.type, 'null'] } : typed;
  return { ...withNull, examples: [example], ...(!isPrimaryKeyType(c.uidt) ? { title: c.title } : {}) };
}

/** A field a client may send on create or update: stored, not computed, not a generated key. */
export function isWritable(c: ColumnMeta): boolean {
  const def = fieldType(c.uidt);
  if (def.virtual || c.system) return false;
  if (c.pk && c.ai) return false;
  return !['computed', 'formula', 'lookup', 'rollup', 'link'].includes(def.kind);
}

export function exampleOf(c: ColumnMeta): unknown {
  return KIND_SCHEMAS[fieldType(c.uidt).kind].example;
}
