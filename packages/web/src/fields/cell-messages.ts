/**
 * The messages a cell type answers when typed or pasted text cannot be saved, in the current language
 * (`cellError.*` keys). English keeps the exact wording of docs/behaviour/validation.md ('Validation failed : isEmail'). Before i18next is
 * initialised (unit tests of the cell types) the English text is used.
 */
import i18next from 'i18next';
import en from '../i18n/locales/en.json';

export type CellMessageKey = keyof typeof en.cellError;
type Params = Record<string, string | number>;

export function cellMessage(key: CellMessageKey, params: Params = {}): string {
  if (i18next.isInitialized) return i18next.t(`cellError.${key}`, params);
  return en.cellError[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
