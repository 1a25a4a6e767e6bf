/**
 * Cell validators named as docs/behaviour/validation.md names them. A failing check answers the exact message
 * 'Validation failed : isEmail' (likewise for the others; translated in other languages), shown before anything
 * is saved.
 */
import { cellMessage } from './cell-messages';

export type ValidatorName = 'isEmail' | 'isURL' | 'isMobilePhone' | 'isCurrency';

const checks: { [K in ValidatorName]: (text: string) => boolean } = {
  isEmail: (t) => /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[A-Za-z]{2,}$/.test(t),
  isURL: (t) =>
    /^(https?:\/\/|ftp:\/\/)?(([\w-]+\.)+[A-Za-z]{2,}|localhost|\d{1,3}(\.\d{1,3}){3})(:\d{1,5})?([/?#][^\s]*)?$/i.test(
      t,
    ),
  // International or local numbers: optional +, digits with spaces, dots, dashes or brackets, 7-15 digits.
  isMobilePhone: (t) => /^\+?[\d\s().-]+$/.test(t) && digitCount(t) >= 7 && digitCount(t) <= 15,
  isCurrency: (t) => /^-?[$€£¥₹]?\s?-?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(t.trim()),
};

function digitCount(t: string): number {
  let n = 0;
  for (const c of t) if (c >= '0' && c <= '9') n++;
  return n;
}

/** 'Validation failed : {name}' in the current language; isNumeric and isInt are the number checks. */
export function validationMessage(name: ValidatorName | 'isNumeric' | 'isInt'): string {
  return cellMessage('validationFailed', { validator: name });
}

/** Runs a validator on non-empty text; answers the message of docs/behaviour/validation.md on failure, undefined when valid. */
export function validate(name: ValidatorName, text: string): string | undefined {
  if (text === '') return undefined;
  return checks[name](text) ? undefined : validationMessage(name);
}
