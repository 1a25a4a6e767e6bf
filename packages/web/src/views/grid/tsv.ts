/**
 * Tab-separated values as spreadsheets put them on the clipboard: cells separated by tabs, rows by newlines,
 * and a cell quoted when it holds a tab, newline or quote (quotes doubled inside), as Excel and Google Sheets do.
 */

/** Parses clipboard text into rows of cells. A trailing newline (Excel adds one) does not make an empty row. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  while (i < n) {
    const ch = text[i]!;
    if (atCellStart && ch === '"') {
      // A quoted cell: read to the closing quote, unescaping doubled quotes.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        const c = text[j]!;
        if (c === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        value += c;
        j++;
      }
      const next = text[j];
      if (closed && (next === undefined || next === '\t' || next === '\n' || next === '\r')) {
        cell = value;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a well-formed quoted cell: take the quote literally.
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Serialises rows of display texts for the clipboard. */
export function toTsv(rows: string[][]): string {
  return rows.map((r) => r.map(quote).join('\t')).join('\n');
}

function quote(cell: string): string {
  return /[\t\n\r"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
