/** Check digits of the numeric symbologies, computed over a string of digits. */

/**
 * The GS1 modulo-10 check digit (UPC, EAN, ITF-14): weights 3 and 1 alternate from the rightmost data digit.
 * @example gs1CheckDigit('400638133393') // 1, for EAN-13 4006381333931
 */
export function gs1CheckDigit(data: string): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const fromRight = data.length - 1 - i;
    sum += Number(data[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The Luhn modulo-10 check digit MSI uses: every other digit doubled from the rightmost, the digits of the
 * products summed.
 * @example luhnCheckDigit('1234567') // 4
 */
export function luhnCheckDigit(data: string): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const fromRight = data.length - 1 - i;
    let d = Number(data[i]);
    if (fromRight % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The data with its check digit: the data alone (`dataLength` digits) gets it appended; data with one more
 * digit keeps it when it is right. Anything else is undefined.
 */
export function withGs1Check(text: string, dataLength: number): string | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  if (text.length === dataLength) return text + gs1CheckDigit(text);
  if (text.length === dataLength + 1 && gs1CheckDigit(text.slice(0, -1)) === Number(text[dataLength]))
    return text;
  return undefined;
}
