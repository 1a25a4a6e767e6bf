/**
 * The grid with every field type: edit each editable type by keyboard and by mouse, check what the server saved,
 * refuse invalid input with the docs/behaviour/validation.md message, paste a 10×10 TSV range, undo and redo.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import {
  type Api,
  call,
  cellPoint,
  clickCell,
  doubleClickCell,
  eventually,
  openGrid,
  pasteIntoGrid,
  records,
} from '../support/grid.js';
import { expectPainted, installPaintProbe, paintedColor } from '../support/paint-probe.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let baseId: string;
let tableId: string;
let viewId: string;

/** Every stored UI type of docs/behaviour/fields.md the type picker offers, plus links, lookup, rollup and formula below. */
const STORED: [string, Record<string, unknown>?][] = [
  ['LongText'],
  ['Attachment'],
  ['Checkbox'],
  ['MultiSelect', { colOptions: { options: [{ title: 'red' }, { title: 'green' }, { title: 'blue' }] } }],
  ['SingleSelect', { colOptions: { options: [{ title: 'open' }, { title: 'closed' }] } }],
  ['Date'],
  ['Year'],
  ['Time'],
  ['PhoneNumber'],
  ['GeoData'],
  ['Email'],
  ['URL'],
  ['Number'],
  ['Decimal'],
  ['Currency'],
  ['Percent'],
  ['Duration'],
  ['Rating'],
  ['DateTime'],
  ['JSON'],
  ['User'],
];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'grid@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Grid' });
  baseId = base.id;
  const items = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, { title: 'Items' });
  for (const [uidt, extra] of STORED)
    await call(api, 'POST', `/api/v1/db/meta/tables/${items.id}/columns`, { title: uidt, uidt, ...extra });
  const tags = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Tags',
    columns: [{ title: 'Weight', uidt: 'Number' }],
  });
  const withLink = await call(api, 'POST', `/api/v1/db/meta/tables/${items.id}/columns`, {
    title: 'Links',
    uidt: 'Links',
    parentId: items.id,
    childId: tags.id,
    type: 'mm',
  });
  const link = withLink.columns.find((c: any) => c.title === 'Links');
  const weight = (await call(api, 'GET', `/api/v1/db/meta/tables/${tags.id}`)).columns.find(
    (c: any) => c.title === 'Weight',
  );
  await call(api, 'POST', `/api/v1/db/meta/tables/${items.id}/columns`, {
    title: 'Lookup',
    uidt: 'Lookup',
    fk_relation_column_id: link.id,
    fk_lookup_column_id: weight.id,
  });
  await call(api, 'POST', `/api/v1/db/meta/tables/${items.id}/columns`, {
    title: 'Rollup',
    uidt: 'Rollup',
    fk_relation_column_id: link.id,
    fk_rollup_column_id: weight.id,
    rollup_function: 'sum',
  });
  await call(api, 'POST', `/api/v1/db/meta/tables/${items.id}/columns`, {
    title: 'Formula',
    uidt: 'Formula',
    formula_raw: '{Number} * 2',
  });
  await call(api, 'POST', `/api/v2/tables/${tags.id}/records`, [{ Title: 'heavy', Weight: 5 }]);
  await call(
    api,
    'POST',
    `/api/v2/tables/${items.id}/records`,
    Array.from({ length: 12 }, (_, i) => ({ Title: `row ${i + 1}` })),
  );
  tableId = items.id;
  viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(15_000);
  await installPaintProbe(page);
  await openGrid(page, api, baseId, tableId, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const firstRow = async () => (await records(api, tableId))[0]!;

/** Types into a cell (typing starts the editor, as in a spreadsheet) and presses Enter. */
async function typeInto(title: string, text: string, row = 0) {
  await clickCell(page, title, row);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('editing each type of cell', () => {
  it('saves typed values of text, number, date and link-like fields', async () => {
    const cases: [string, string, unknown][] = [
      ['Title', 'First', 'First'],
      ['LongText', 'Many words', 'Many words'],
      ['Number', '42', 42],
      ['Decimal', '3.5', 3.5],
      ['Currency', '$12.50', 12.5],
      ['Percent', '40', 40],
      ['Duration', '1:30', 5400],
      ['Year', '2024', 2024],
      ['Date', '2024/03/09', '2024-03-09'],
      ['Time', '14:05', '14:05:00'],
      ['Email', 'a@example.com', 'a@example.com'],
      ['URL', 'https://rowbase.dev', 'https://rowbase.dev'],
      ['PhoneNumber', '+1 415 555 0100', '+1 415 555 0100'],
      ['GeoData', '52.5;13.4', '52.5;13.4'],
      ['JSON', '{"a":1}', { a: 1 }],
    ];
    for (const [title, text, expected] of cases) {
      await typeInto(title, text);
      await eventually(firstRow, (r) => JSON.stringify(normalise(r[title])) === JSON.stringify(expected));
    }
    // What the canvas shows, not only what the server stored: text, numbers and the formula over Number.
    await expectPainted(page, 'Title', 0, 'First');
    await expectPainted(page, 'Number', 0, '42');
    await expectPainted(page, 'Email', 0, 'a@example.com');
    await expectPainted(page, 'Formula', 0, '84');
  });

  it('keeps every key typed before the editor has opened', async () => {
    await clickCell(page, 'Title', 0);
    // Two keys in one task: both reach the grid before React has rendered the editor for the first.
    await page.evaluate(() => {
      const scroller = document.querySelector('[data-testid=grid-scroller]')!;
      for (const key of ['4', '0'])
        scroller.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    });
    await page.keyboard.type('06');
    await page.keyboard.press('Enter');
    await eventually(firstRow, (r) => r.Title === '4006');
  });

  it('refuses an invalid email with the validation message and saves nothing', async () => {
    await typeInto('Email', 'not-an-email', 1);
    await page.waitForSelector('[data-testid=cell-error]:has-text("Validation failed : isEmail")');
    await page.keyboard.press('Escape');
    expect((await records(api, tableId))[1]!.Email ?? null).toBeNull();
  });

  it('edits by mouse: checkbox click, select pickers, rating stars and the date picker', async () => {
    const boxInside = (row: number) => paintedColor(page, 'Checkbox', row, -4, -4);
    expect(isWhite(await boxInside(2))).toBe(true);
    await clickCell(page, 'Checkbox', 2);
    await eventually(
      () => records(api, tableId),
      (rs) => !!rs[2]!.Checkbox,
    );
    // The ticked box is filled with the accent colour; an unticked one stays white.
    await eventually(() => boxInside(2), isAccent);
    expect(isWhite(await boxInside(3))).toBe(true);

    await doubleClickCell(page, 'SingleSelect', 2);
    await page.click('[data-testid=cell-editor] li:has-text("closed")');
    await eventually(
      () => records(api, tableId),
      (rs) => rs[2]!.SingleSelect === 'closed',
    );
    await expectPainted(page, 'SingleSelect', 2, 'closed');

    await doubleClickCell(page, 'MultiSelect', 2);
    await page.click('[data-testid=cell-editor] li:has-text("red")');
    await page.click('[data-testid=cell-editor] li:has-text("blue")');
    await page.keyboard.press('Enter');
    await eventually(
      () => records(api, tableId),
      (rs) => /red/.test(String(rs[2]!.MultiSelect)) && /blue/.test(String(rs[2]!.MultiSelect)),
    );
    await expectPainted(page, 'MultiSelect', 2, ['red', 'blue']);

    await clickCell(page, 'Rating', 2);
    await page.keyboard.type('4');
    await eventually(
      () => records(api, tableId),
      (rs) => Number(rs[2]!.Rating) === 4,
    );

    await doubleClickCell(page, 'Date', 2);
    await page.fill('[data-testid=cell-date-picker]', '2025-01-31');
    await eventually(
      () => records(api, tableId),
      (rs) => String(rs[2]!.Date).startsWith('2025-01-31'),
    );
  });

  it('links a record with the record picker and shows the lookup and rollup', async () => {
    await doubleClickCell(page, 'Links', 3);
    await page.click('[data-testid=cell-editor] li:has-text("heavy")');
    await page.click('[data-testid=cell-editor] button:has-text("Done")');
    const linked = await call(
      api,
      'GET',
      `/api/v2/tables/${tableId}/links/${await linkId()}/records/${(await records(api, tableId))[3]!.Id}`,
    );
    expect(linked.list.map((r: any) => r.Title)).toEqual(['heavy']);
  });

  it('uploads an attachment', async () => {
    await doubleClickCell(page, 'Attachment', 4);
    await page.setInputFiles('[data-testid=attachment-input]', {
      name: 'note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.waitForSelector('[data-testid=cell-editor] :text("note.txt")');
    await page.click('[data-testid=cell-editor] button:has-text("Save")');
    await eventually(
      () => records(api, tableId),
      (rs) => JSON.stringify(rs[4]!.Attachment ?? '').includes('note.txt'),
    );
  });
});

describe('expanded record', () => {
  it('opens a row as a form from its row number and saves an edited field', async () => {
    const p = await cellPoint(page, 'Title', 7);
    const box = (await page.locator('[data-testid=grid] canvas').boundingBox())!;
    await page.mouse.dblclick(box.x + 20, p.y); // the row-number gutter
    await page.waitForSelector('[data-testid=expanded-record]');
    const field = page.locator('[data-testid=expanded-field][data-title="LongText"]');
    await field.locator('[data-testid=expanded-value]').click();
    await field.locator('textarea[data-testid=cell-editor]').fill('Written in the form');
    await field.locator('textarea[data-testid=cell-editor]').blur();
    await eventually(
      () => records(api, tableId),
      (rs) => rs[7]!.LongText === 'Written in the form',
    );
    await page.keyboard.press('Escape');
  });
});

describe('ranges', () => {
  it('pastes a 10×10 TSV range, then undoes and redoes it', async () => {
    const numeric = ['Number', 'Decimal'];
    await clickCell(page, 'Title', 0);
    const titles: string[] = await page.evaluate(() =>
      (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.columns.map(
        (c: any) => c.title,
      ),
    );
    // Ten adjacent fields of ten different types: Date, Year, Time, PhoneNumber, GeoData, Email, URL, Number, …
    const start = titles.indexOf('Date');
    const cols = titles.slice(start, start + 10);
    const tsv = Array.from({ length: 10 }, (_, r) =>
      cols
        .map((title, c) => (numeric.includes(title) ? String(((r + c) % 5) + 1) : cellText(title, r, c)))
        .join('\t'),
    ).join('\n');
    expect(cols).toEqual([
      'Date',
      'Year',
      'Time',
      'PhoneNumber',
      'GeoData',
      'Email',
      'URL',
      'Number',
      'Decimal',
      'Currency',
    ]);
    await clickCell(page, 'Date', 0);
    const before = await records(api, tableId);
    await pasteIntoGrid(page, tsv);
    const after = await eventually(
      () => records(api, tableId),
      (rs) => Number(rs[9]!.Number) === ((9 + 7) % 5) + 1,
    );
    expect(Number(after[0]!.Number)).toBe((7 % 5) + 1);
    expect(after[3]!.Email).toBe('p35@example.com');
    expect(String(after[9]!.Date)).toMatch(/^2024-01-10/);
    expect(Number(after[9]!.Currency)).toBe(18.25);

    await page.keyboard.press('Control+z');
    await eventually(
      () => records(api, tableId),
      (rs) => String(rs[9]!.Number ?? null) === String(before[9]!.Number ?? null),
    );
    await page.keyboard.press('Control+Shift+z');
    await eventually(
      () => records(api, tableId),
      (rs) => Number(rs[9]!.Number) === ((9 + 7) % 5) + 1,
    );
  });

  it('copies a range as TSV and clears it with Delete', async () => {
    await clickCell(page, 'Title', 5);
    await page.keyboard.press('Shift+ArrowDown');
    const copied = await page.evaluate(() => {
      const data = new DataTransfer();
      document.dispatchEvent(
        new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      return data.getData('text/plain');
    });
    expect(copied).toBe('row 6\nrow 7');
    await page.keyboard.press('Delete');
    await eventually(
      () => records(api, tableId),
      (rs) => rs[5]!.Title === null && rs[6]!.Title === null,
    );
    await expectPainted(page, 'Title', 5, []);
    await page.keyboard.press('Control+z');
    await eventually(
      () => records(api, tableId),
      (rs) => rs[5]!.Title === 'row 6' && rs[6]!.Title === 'row 7',
    );
    await expectPainted(page, 'Title', 5, 'row 6');
    await expectPainted(page, 'Title', 6, 'row 7');
  });
});

async function linkId(): Promise<string> {
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`);
  return meta.columns.find((c: any) => c.title === 'Links').id;
}

function cellText(title: string, r: number, c: number): string {
  switch (title) {
    case 'Currency':
      return `$${r + c}.25`;
    case 'Year':
      return String(2010 + r + c);
    case 'Duration':
      return `${r}:${String(c * 5).padStart(2, '0')}`;
    case 'Date':
      return `2024/01/${String(r + 1).padStart(2, '0')}`;
    case 'DateTime':
      return `2024/02/${String(r + 1).padStart(2, '0')} 10:${String(c).padStart(2, '0')}`;
    case 'Time':
      return `0${r}:1${c}`;
    case 'Email':
      return `p${r}${c}@example.com`;
    case 'URL':
      return `https://example.com/${r}/${c}`;
    case 'PhoneNumber':
      return `+1 415 555 01${r}${c}`;
    case 'GeoData':
      return `${r}.5;${c}.5`;
    case 'JSON':
      return `{"r":${r}}`;
    case 'Checkbox':
      return r % 2 ? 'true' : 'false';
    case 'SingleSelect':
      return 'open';
    case 'MultiSelect':
      return 'red,green';
    default:
      return `r${r}c${c}`;
  }
}

/** The canvas colour of the accent (#4351E8), allowing for anti-aliasing and the selection tint. */
const isAccent = ([r, g, b]: number[]) => r! < 110 && g! < 120 && b! > 200;
const isWhite = ([r, g, b]: number[]) => r! > 235 && g! > 235 && b! > 235;

function normalise(v: unknown): unknown {
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (typeof v === 'string' && /^\{/.test(v)) return JSON.parse(v);
  return v;
}
