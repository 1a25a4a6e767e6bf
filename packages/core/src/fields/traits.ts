/**
 * Questions about a UI type answered by its registry definition (docs/architecture.md, "The field registry"),
 * so that code asks "is this the primary key type?" instead of comparing the UI type with a name.
 * @example isIdColumn(column) // the table's own primary key column, hidden unless system fields show
 */
import type { FieldTypeDef, ValueKind } from './field-type.js';
import { FIELD_TYPES } from './registry.js';

type Typed = { uidt: string };

const defOf = (uidt: string): FieldTypeDef | undefined =>
  (FIELD_TYPES as Record<string, FieldTypeDef | undefined>)[uidt];

/** The value kind of a UI type; undefined for a name that is not a UI type. */
export const kindOf = (uidt: string): ValueKind | undefined => defOf(uidt)?.kind;

/** The primary key type (ID). */
export const isPrimaryKeyType = (uidt: string): boolean => kindOf(uidt) === 'id';

/** A table's primary key column of the primary key type (not a primary key of another type). */
export const isIdColumn = (c: Typed & { pk?: boolean | null }): boolean => !!c.pk && isPrimaryKeyType(c.uidt);

/** The physical column behind a belongs-to link (ForeignKey). */
export const isForeignKeyType = (uidt: string): boolean => !!defOf(uidt)?.foreignKey;

/** The user names the database type (SpecificDBType): any `dt` is taken and defaults are not checked. */
export const takesAnyDbType = (uidt: string): boolean => !!defOf(uidt)?.anyDbType;

/** The JSON Schema `format` of a type's values (email, uri), if it has one. */
export const jsonFormatOf = (uidt: string): 'email' | 'uri' | undefined => defOf(uidt)?.jsonFormat;

/** The first choice of type for a display value (single line text). */
export const isFirstDisplayCandidate = (uidt: string): boolean => defOf(uidt)?.displayCandidate === 'first';

/** Whether a field of this type may become the display value when none is chosen (single line or long text). */
export const isDisplayCandidate = (uidt: string): boolean => {
  const candidate = defOf(uidt)?.displayCandidate;
  return candidate === 'first' || candidate === 'also';
};

/** Whether a field of this type can be the display value at all (not links, files, JSON, buttons, codes, shapes). */
export const canBeDisplayValue = (uidt: string): boolean => defOf(uidt)?.displayCandidate !== 'never';

/** Whether rows can be sorted by a field of this type (not buttons, files, JSON documents, shapes). */
export const isSortable = (uidt: string): boolean => !defOf(uidt)?.unsortable;

/** The largest value a field holds by its type and meta (a rating's maximum), if its type bounds it. */
export const maxValueOf = (c: Typed & { meta?: unknown }): number | undefined =>
  defOf(c.uidt)?.maxValue?.(c.meta);
