/**
 * Code 128 barcodes: text to the widths of its bars and spaces (in modules), for the canvas to draw.
 * Code set C (two digits per symbol) for all-digit text of even length, code set B (printable ASCII) otherwise;
 * a start symbol, the data, the modulo-103 check symbol and the stop pattern.
 */

/** Bar/space widths of symbols 0..106 (103-105 start A/B/C, 106 stop with its final bar). */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const START_B = 104;
const START_C = 105;
const STOP = 106;

/** Symbol values of the text (start and check included, stop excluded), or undefined when it cannot be encoded. */
export function code128Symbols(text: string): number[] | undefined {
  if (!text) return undefined;
  let symbols: number[];
  if (/^(\d\d)+$/.test(text)) {
    symbols = [START_C];
    for (let i = 0; i < text.length; i += 2) symbols.push(Number(text.slice(i, i + 2)));
  } else {
    symbols = [START_B];
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      if (ch.length !== 1 || code < 32 || code > 126) return undefined;
      symbols.push(code - 32);
    }
  }
  let sum = symbols[0]!;
  for (let i = 1; i < symbols.length; i++) sum += symbols[i]! * i;
  symbols.push(sum % 103);
  return symbols;
}

/**
 * Alternating bar and space widths in modules, starting with a bar; undefined for text Code 128 cannot hold.
 * @example code128Widths('12')  // start C, 12, check, stop: [2,1,1,2,3,2, ...]
 */
export function code128Widths(text: string): number[] | undefined {
  const symbols = code128Symbols(text);
  if (!symbols) return undefined;
  const out: number[] = [];
  for (const s of [...symbols, STOP]) for (const ch of PATTERNS[s]!) out.push(Number(ch));
  return out;
}

/** The symbol a 6-width pattern stands for (tests decode with it). */
export function code128SymbolOf(widths: readonly number[]): number {
  return PATTERNS.indexOf(widths.join(''));
}
