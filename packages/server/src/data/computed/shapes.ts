/**
 * How a computed value comes back from the driver and what the API sends: numbers (pg gives numeric and
 * bigint as text), booleans (1/0 on SQLite and MySQL), JSON text (SQLite, MySQL) or objects (pg), arrays of
 * the looked-up field's values decoded one by one.
 */
import type { ValueKind } from '@rowbase/core/fields/field-type';
import type { Decoder } from '../cell-codec.js';
import type { FieldModel } from '../table-model.js';

export type Shape =
  | { kind: 'null' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'text' }
  | { kind: 'json' }
  | { kind: 'field'; field: FieldModel }
  | { kind: 'array'; of: Shape };

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** The decoder of a shape. */
export function decoderOfShape(shape: Shape): Decoder {
  switch (shape.kind) {
    case 'null':
      return () => null;
    case 'number':
      return (v) => (v === null || v === undefined ? null : Number(v));
    case 'boolean':
      return (v) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1' || v === 't');
    case 'text':
      return (v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v));
    case 'json':
      return parseJson;
    case 'field':
      return shape.field.decode;
    case 'array': {
      const inner = decoderOfShape(shape.of);
      return (v) => {
        const list = parseJson(v);
        return Array.isArray(list)
          ? list.map((x) => inner(x))
          : list === null || list === undefined
            ? []
            : list;
      };
    }
  }
}

/** The value kind the where compiler treats a computed value as (numbers compare as numbers, ...). */
export function filterKindOfShape(shape: Shape): ValueKind {
  switch (shape.kind) {
    case 'number':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'field':
      return shape.field.kind;
    case 'array':
    case 'json':
      return 'json';
    default:
      return 'text';
  }
}
