/**
 * Readable, translated names of UI types ("Single line text" for SingleLineText) from the `fieldType.*` keys of
 * the locale files, and the type picker's search: a typed query matches the translated name or the raw type id.
 */
import { isUIType, type UIType } from '@rowbase/core/fields/ui-types';
import type { TFunction } from 'i18next';

/** The type's name in the current language; a value that is no UI type (a newer server's) is shown as it is. */
export function typeLabel(t: TFunction, uidt: string): string {
  return isUIType(uidt) ? t(`fieldType.${uidt}`) : uidt;
}

/** Lower case without spaces, dashes or underscores: "Single line" and "singleline" both find SingleLineText. */
const squash = (s: string) => s.toLocaleLowerCase().replace(/[\s_-]+/g, '');

/**
 * How well a query matches a type: 0 exact (label or id), 1 a prefix, 2 anywhere, undefined not at all.
 * @example searchRank('number', 'Number', 'Number') // 0, while 'PhoneNumber' ranks 2
 */
export function searchRank(query: string, uidt: string, label: string): number | undefined {
  const q = squash(query);
  if (!q) return 2;
  const names = [squash(label), uidt.toLowerCase()];
  if (names.includes(q)) return 0;
  if (names.some((n) => n.startsWith(q))) return 1;
  if (names.some((n) => n.includes(q))) return 2;
  return undefined;
}

export interface TypeOption {
  value: UIType;
  label: string;
}

/** Options of a type picker, labelled in the current language (LinkToAnotherRecord marked deprecated). */
export function typeOptions(t: TFunction, types: readonly UIType[]): TypeOption[] {
  return types.map((type) => ({
    value: type,
    label:
      type === 'LinkToAnotherRecord'
        ? t('grid.field.deprecated', { type: typeLabel(t, type) })
        : typeLabel(t, type),
  }));
}

/** antd Select search over typeOptions: shows the matching types, best match first (Enter picks it). */
export const typeSearch = {
  filterOption: (input: string, option?: TypeOption) =>
    !!option && searchRank(input, option.value, option.label) !== undefined,
  filterSort: (a: TypeOption, b: TypeOption, { searchValue }: { searchValue: string }) =>
    (searchRank(searchValue, a.value, a.label) ?? 3) - (searchRank(searchValue, b.value, b.label) ?? 3),
};
