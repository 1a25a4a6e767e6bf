/**
 * What an xlsx cell's style says about its number, read from `xl/styles.xml`: a date (the number is a day count)
 * or a format that shows "$" (the Currency rule of docs/imports.md, "Type detection"). Only the cell formats (`cellXfs`) and their number
 * formats are read. See docs/imports.md ("Reading xlsx").
 */
import { decodeXml, forEachAttribute, scanTags, type TagSink } from './xlsx-xml.js';

/** How a cell style shows a number. */
export type NumberStyle = 'plain' | 'dollar' | 'date';

/**
 * The built-in number formats of ECMA-376 (part 1, 18.8.30) a workbook may use by id alone, in the en-US
 * locale; the ids not listed show a number plainly.
 */
const BUILT_IN: Record<number, string> = {
  5: '"$"#,##0_);\\("$"#,##0\\)',
  6: '"$"#,##0_);[Red]\\("$"#,##0\\)',
  7: '"$"#,##0.00_);\\("$"#,##0.00\\)',
  8: '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

/**
 * Whether a format code shows a date or time: a date or time letter outside quoted text and bracketed parts
 * (colours, locales, conditions).
 * @example isDateFormat('yyyy-mm-dd') // true
 * @example isDateFormat('[Red]#,##0 "days"') // false
 */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/**
 * How a format code shows a number. Backslash escapes (`\$`) count as the characters they escape; a currency
 * tag `[$€-407]` shows its symbol (€), other bracketed parts (`[Red]`) show nothing.
 * @example numberStyleOf('"$"#,##0.00') // 'dollar'
 * @example numberStyleOf('[$€-407] #,##0') // 'plain'
 */
export function numberStyleOf(code: string | undefined): NumberStyle {
  if (!code) return 'plain';
  const unescaped = code.replace(/\\(.)/g, '$1');
  if (isDateFormat(unescaped)) return 'date';
  const shown = unescaped.replace(/\[\$([^\]-]*)[^\]]*]/g, '$1').replace(/\[[^\]]*]/g, '');
  return shown.includes('$') ? 'dollar' : 'plain';
}

/** The number style of each cell style, by the index a cell's `s` attribute gives. */
export function cellNumberStyles(stylesXml: string): NumberStyle[] {
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  const sink: TagSink = {
    capturing: false,
    open(name, s, from, to) {
      if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'numFmt') {
        let id = NaN;
        let code = '';
        forEachAttribute(s, from, to, (attr, value) => {
          if (attr === 'numFmtId') id = Number(value);
          else if (attr === 'formatCode') code = decodeXml(value);
        });
        if (Number.isInteger(id)) custom.set(id, code);
      } else if (name === 'xf' && inCellXfs) {
        let id = 0;
        forEachAttribute(s, from, to, (attr, value) => {
          if (attr === 'numFmtId') id = Number(value) || 0;
        });
        formatIds.push(id);
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  };
  scanTags(stylesXml, sink);
  return formatIds.map((id) => (id === 0 ? 'plain' : numberStyleOf(custom.get(id) ?? BUILT_IN[id])));
}
