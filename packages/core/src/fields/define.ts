/**
 * Shorthands for the field type files: a definition is a value kind plus a few choices, so each
 * `types/<type>.ts` stays a handful of lines.
 */
import { convertOf } from './coerce.js';
import type { ColumnProps, FieldTypeDef } from './field-type.js';
import type { UIType } from './ui-types.js';

const NO_PROPS: ColumnProps = {
  length: false,
  scale: false,
  unsigned: false,
  autoIncrement: false,
  autoUpdate: false,
  defaultValue: false,
};

/** Column properties: everything off unless named. */
export function props(on: Partial<ColumnProps> = {}): ColumnProps {
  return { ...NO_PROPS, ...on };
}

/** A virtual (computed) field: no physical column, no writes. */
export function virtualField<K extends UIType>(
  def: Omit<FieldTypeDef<K>, 'virtual' | 'dbType' | 'props' | 'coerce' | 'convert'>,
): FieldTypeDef<K> {
  return { ...def, virtual: true, dbType: () => null, props: props() };
}

/** A stored field; `virtual: false` and `convert` (the fast path of `coerce`) filled in. */
export function storedField<K extends UIType>(
  def: Omit<FieldTypeDef<K>, 'virtual' | 'convert'>,
): FieldTypeDef<K> {
  return { ...def, virtual: false, ...(def.coerce ? { convert: convertOf(def.coerce) } : {}) };
}
