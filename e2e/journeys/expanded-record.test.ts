/**
 * The expanded record and the grid's pop-up editors, as a user meets them: edit a checkbox, a select, an
 * attachment and a link in the expanded record with the grid's own editors and see the grid show the result;
 * keep MultiSelect ticks on Escape; keep the record picker and the attachment pop-up of the last visible column on
 * screen without sliding the grid; comment on a row with an @mention and see the grid's comment badge.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import {
  type Api,
  call,
  cellPoint,
  cellValue,
  doubleClickCell,
  eventually,
  openGrid,
  records,
  waitForRows,
} from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

const VIEWPORT = { width: 1100, height: 700 };
const MEMBER = 'mia@example.com';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let baseId: string;
let memberToken: string;
const tasks = { id: '', viewId: '', linkId: '' };
const files = { id: '', viewId: '' };

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  memberToken = await signUpByApi(app.url, MEMBER);
  baseId = (await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Work' })).id;
  await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, { email: MEMBER, roles: 'commenter' });

  const people = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, { title: 'People' });
  await call(api, 'POST', `/api/v2/tables/${people.id}/records`, [{ Title: 'Ann' }, { Title: 'Ben' }]);
  const t = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Tasks',
    columns: [
      { title: 'Done', uidt: 'Checkbox' },
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'open' }, { title: 'closed' }] },
      },
      {
        title: 'Tags',
        uidt: 'MultiSelect',
        colOptions: { options: [{ title: 'red' }, { title: 'green' }, { title: 'blue' }] },
      },
      { title: 'Files', uidt: 'Attachment' },
      { title: 'Notes', uidt: 'LongText' },
    ],
  });
  tasks.id = t.id;
  const withLink = await call(api, 'POST', `/api/v1/db/meta/tables/${t.id}/columns`, {
    title: 'People',
    uidt: 'Links',
    parentId: t.id,
    childId: people.id,
    type: 'mm',
  });
  tasks.linkId = withLink.columns.find((c: any) => c.title === 'People').id;
  await call(api, 'POST', `/api/v2/tables/${t.id}/records`, [{ Title: 'a' }, { Title: 'b' }, { Title: 'c' }]);
  tasks.viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${t.id}/views`)).list[0].id;

  // A table whose last field is an attachment.
  const f = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Scans',
    columns: ['A', 'B', 'C', 'D']
      .map((title) => ({ title, uidt: 'SingleLineText' }))
      .concat([{ title: 'Scan', uidt: 'Attachment' }]),
  });
  files.id = f.id;
  await call(api, 'POST', `/api/v2/tables/${f.id}/records`, [{ Title: 'x' }, { Title: 'y' }]);
  files.viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${f.id}/views`)).list[0].id;

  page = await browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, baseId, tasks.id, tasks.viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Double-clicks a row's number, which opens the row as a form. */
async function expandRow(row: number) {
  const p = await cellPoint(page, 'Title', row);
  const box = (await page.locator('[data-testid=grid] canvas').boundingBox())!;
  await page.mouse.dblclick(box.x + 40, p.y);
  await page.waitForSelector('[data-testid=expanded-record]');
}

const field = (title: string) => page.locator(`[data-testid=expanded-field][data-title="${title}"]`);

async function closeRecord() {
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=expanded-record]').waitFor({ state: 'detached' });
}

/** The element's box lies inside the window. */
async function expectOnScreen(selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width);
  expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
}

/** Where the grid's canvas sits, and how far its frame was scrolled (it must never be). */
const gridPlacement = () =>
  page.evaluate(() => {
    const grid = document.querySelector('[data-testid=grid]') as HTMLElement;
    const canvas = grid.querySelector('canvas')!.getBoundingClientRect();
    return { left: canvas.left, top: canvas.top, scrollLeft: grid.scrollLeft, scrollTop: grid.scrollTop };
  });

/** Share of the row's gutter badge area painted in the badge colour. */
const badgeShare = (row: number) =>
  page.evaluate((row) => {
    const canvas = document.querySelector('[data-testid=grid] canvas') as any;
    const g = canvas.rowbaseGrid;
    const r = g.cellRect(row, 0);
    const dpr = canvas.width / canvas.getBoundingClientRect().width;
    const img = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
      4 * dpr,
      r.y * dpr,
      20 * dpr,
      r.h * dpr,
    ).data;
    let hits = 0;
    for (let i = 0; i < img.length; i += 4)
      if (
        Math.abs(img[i]! - 0x43) < 12 &&
        Math.abs(img[i + 1]! - 0x51) < 12 &&
        Math.abs(img[i + 2]! - 0xe8) < 12
      )
        hits++;
    return hits / (img.length / 4);
  }, row);

describe('expanded record', () => {
  it('edits a checkbox, a select, an attachment and a link with the grid editors, and the grid shows them', async () => {
    await expandRow(0);
    // No plain text boxes: a checkbox is a checkbox.
    await field('Done').locator('[data-testid=expanded-checkbox]').click();
    await eventually(
      () => records(api, tasks.id),
      (rs) => !!rs[0]!.Done,
    );
    expect(await field('Done').locator('[data-testid=expanded-checkbox]').isChecked()).toBe(true);

    // A single select offers its options.
    await field('Status').locator('[data-testid=expanded-value]').click();
    await field('Status').locator('[data-testid=cell-editor] li:has-text("closed")').click();
    await eventually(
      () => records(api, tasks.id),
      (rs) => rs[0]!.Status === 'closed',
    );
    expect(await field('Status').locator('[data-testid=field-chip]').allTextContents()).toEqual(['closed']);

    // An attachment uploads.
    await field('Files').locator('[data-testid=expanded-value]').click();
    await field('Files')
      .locator('[data-testid=attachment-input]')
      .setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await field('Files').locator('[data-testid=cell-editor] :text("note.txt")').waitFor();
    await field('Files').locator('[data-testid=cell-editor] button:has-text("Save")').click();
    await eventually(
      () => records(api, tasks.id),
      (rs) => JSON.stringify(rs[0]!.Files ?? '').includes('note.txt'),
    );
    await field('Files').locator('[data-testid=field-attachment]:has-text("note.txt")').waitFor();

    // A link is made with the record picker.
    await field('People').locator('[data-testid=expanded-value]').click();
    await field('People').locator('[data-testid=cell-editor] li:has-text("Ann")').click();
    await field('People').locator('[data-testid=cell-editor] button:has-text("Done")').click();
    await field('People').locator('[data-testid=field-chip]:has-text("Ann")').waitFor();
    const linked = await call(
      api,
      'GET',
      `/api/v2/tables/${tasks.id}/links/${tasks.linkId}/records/${(await records(api, tasks.id))[0]!.Id}`,
    );
    expect(linked.list.map((r: any) => r.Title)).toEqual(['Ann']);

    await closeRecord();
    // The grid shows what the form saved.
    expect([true, 1]).toContain(await cellValue(page, 'Done', 0));
    expect(await cellValue(page, 'Status', 0)).toBe('closed');
    expect(JSON.stringify(await cellValue(page, 'Files', 0))).toContain('note.txt');
    expect(Number(await cellValue(page, 'People', 0))).toBe(1);
  });

  it('edits a field this view hides, through the row API', async () => {
    const viewColumns = (await call(api, 'GET', `/api/v1/db/meta/views/${tasks.viewId}/columns`)).list;
    const notesId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tasks.id}`)).columns.find(
      (c: any) => c.title === 'Notes',
    ).id;
    const notes = viewColumns.find((c: any) => c.fk_column_id === notesId);
    await call(api, 'PATCH', `/api/v1/db/meta/views/${tasks.viewId}/columns/${notes.id}`, { show: false });
    await page.reload();
    await waitForRows(page);
    await expandRow(1);
    await field('Notes').locator('[data-testid=expanded-value]').click();
    await field('Notes').locator('textarea[data-testid=cell-editor]').fill('Only in the form');
    await page.keyboard.press('Enter');
    await field('Notes').locator('[data-testid=expanded-value]:has-text("Only in the form")').waitFor();
    await eventually(
      () => records(api, tasks.id),
      (rs) => rs[1]!.Notes === 'Only in the form',
    );
    await closeRecord();
  });
});

describe('cell editors', () => {
  it('keeps the options ticked in a MultiSelect when Escape closes it', async () => {
    await doubleClickCell(page, 'Tags', 1);
    await page.click('[data-testid=cell-editor] li:has-text("red")');
    await page.click('[data-testid=cell-editor] li:has-text("blue")');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=cell-editor]').waitFor({ state: 'detached' });
    const saved = await eventually(
      () => records(api, tasks.id),
      (rs) => /red/.test(String(rs[1]!.Tags)) && /blue/.test(String(rs[1]!.Tags)),
    );
    expect(String(saved[1]!.Tags).split(',').sort()).toEqual(['blue', 'red']);
  });

  it('keeps the record picker of the last visible column on screen without sliding the grid', async () => {
    await cellPoint(page, 'People', 2); // scrolls the last field into view, flush with the right edge
    const before = await gridPlacement();
    await doubleClickCell(page, 'People', 2);
    await page.locator('[data-testid=cell-editor] li:has-text("Ben")').waitFor();
    await expectOnScreen('[data-testid=cell-editor] button:has-text("Done")');
    await expectOnScreen('[data-testid=cell-editor]');
    expect(await gridPlacement()).toEqual(before);
    await page.click('[data-testid=cell-editor] button:has-text("Done")');
    await page.locator('[data-testid=cell-editor]').waitFor({ state: 'detached' });
  });

  it('keeps the attachment pop-up of the last visible column on screen without sliding the grid', async () => {
    await openGrid(page, api, baseId, files.id, files.viewId);
    await waitForRows(page);
    await cellPoint(page, 'Scan', 0);
    const before = await gridPlacement();
    await doubleClickCell(page, 'Scan', 0);
    await expectOnScreen('[data-testid=cell-editor]');
    await page.setInputFiles('[data-testid=attachment-input]', {
      name: 'scan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('scan'),
    });
    await page.locator('[data-testid=cell-editor] :text("scan.txt")').waitFor();
    await expectOnScreen('[data-testid=cell-editor] button:has-text("Save")');
    expect(await gridPlacement()).toEqual(before);
    await page.click('[data-testid=cell-editor] button:has-text("Save")');
    await eventually(
      () => records(api, files.id),
      (rs) => JSON.stringify(rs[0]!.Scan ?? '').includes('scan.txt'),
    );
    expect(await gridPlacement()).toEqual(before);
  });
});

describe('comments', () => {
  it('comments with an @mention of a base member, and the grid shows the row has a comment', async () => {
    await openGrid(page, api, baseId, tasks.id, tasks.viewId);
    expect(await badgeShare(0)).toBe(0);
    await expandRow(0);
    const input = page.locator('[data-testid=comment-input]');
    await input.click();
    await page.keyboard.type('Please check @mi');
    await page.locator('[data-testid=mention-list] li:has-text("mia@example.com")').waitFor();
    await page.keyboard.press('Enter'); // picks the member
    await page.keyboard.type('today');
    expect(await input.inputValue()).toBe(`Please check @${MEMBER} today`);
    await page.click('[data-testid=comment-submit]');

    const shown = page.locator('[data-testid=comment]').first();
    await shown.locator('[data-testid=mention]').waitFor();
    expect(await shown.locator('[data-testid=mention]').textContent()).toBe(`@${MEMBER}`);
    expect(await shown.locator('[data-testid=comment-text]').textContent()).toBe(
      `Please check @${MEMBER} today`,
    );
    expect(await input.inputValue()).toBe('');
    const rowId = (await records(api, tasks.id))[0]!.Id;
    const stored = await call(api, 'GET', `/api/v1/db/meta/comments?fk_model_id=${tasks.id}&row_id=${rowId}`);
    expect(stored.list).toHaveLength(1);
    expect(stored.list[0].comment).toMatch(/^Please check @\(us_[a-z0-9]+\|mia@example\.com\|\) today$/);

    await closeRecord();
    await eventually(
      () => badgeShare(0),
      (share) => share > 0.1,
    );
    expect(await badgeShare(1)).toBe(0);
  });

  it('shows the badge at once when another member comments on a row while the grid is open', async () => {
    expect(await badgeShare(2)).toBe(0);
    const rowId = (await records(api, tasks.id))[2]!.Id;
    await call({ ...api, token: memberToken }, 'POST', '/api/v1/db/meta/comments', {
      fk_model_id: tasks.id,
      row_id: rowId,
      comment: 'Seen it',
    });
    await eventually(
      () => badgeShare(2),
      (share) => share > 0.1,
    );
    expect(await badgeShare(1)).toBe(0);
  });
});

describe('comment authors and roles', () => {
  const comment = () => page.locator('[data-testid=comment]').first();

  it('edits and resolves your own comment, and another member may resolve but not change it', async () => {
    await expandRow(0);
    await comment().locator('button:has-text("Edit")').click();
    const edit = page.locator('[data-testid=comment-edit-input]');
    await edit.fill(`Please check @${MEMBER} tomorrow`);
    await comment().locator('button:has-text("Save")').click();
    await comment().locator('[data-testid=comment-text]:has-text("tomorrow")').waitFor();
    expect(await comment().textContent()).toContain('(edited)');
    await comment().locator('button:has-text("Resolve")').click();
    await comment().locator('[data-testid=comment-resolved]').waitFor();
    const rowId = (await records(api, tasks.id))[0]!.Id;
    const [stored] = (
      await call(api, 'GET', `/api/v1/db/meta/comments?fk_model_id=${tasks.id}&row_id=${rowId}`)
    ).list;
    expect(stored.comment).toMatch(/ tomorrow$/);
    expect(stored.resolved_by_email).toBe('owner@example.com');
    await closeRecord();

    // The mentioned member (a commenter) sees the comment, may reopen it, and has no Edit or Delete on it.
    const other = await browser.newPage({ viewport: VIEWPORT });
    try {
      await openGrid(other, { ...api, token: memberToken }, baseId, tasks.id, tasks.viewId);
      const p = await cellPoint(other, 'Title', 0);
      const box = (await other.locator('[data-testid=grid] canvas').boundingBox())!;
      await other.mouse.dblclick(box.x + 40, p.y);
      const theirs = other.locator('[data-testid=comment]').first();
      await theirs.locator('[data-testid=mention]').waitFor();
      expect(await theirs.locator('button:has-text("Edit")').count()).toBe(0);
      expect(await theirs.locator('button:has-text("Delete")').count()).toBe(0);
      await theirs.locator('button:has-text("Reopen")').click();
      await theirs.locator('[data-testid=comment-resolved]').waitFor({ state: 'detached' });
    } finally {
      await other.close();
    }
  });

  it('deletes your own comment and the row loses its badge', async () => {
    await expandRow(0);
    await comment().locator('button:has-text("Delete")').click();
    await page.locator('[data-testid=comment]').waitFor({ state: 'detached' });
    await closeRecord();
    const rowId = (await records(api, tasks.id))[0]!.Id;
    expect(
      (await call(api, 'GET', `/api/v1/db/meta/comments?fk_model_id=${tasks.id}&row_id=${rowId}`)).list,
    ).toEqual([]);
    await eventually(
      () => badgeShare(0),
      (share) => share === 0,
    );
  });

  it('shows a viewer the record without editors, and its comments without a comment box (writing is for commenters and above)', async () => {
    const viewerToken = await signUpByApi(app.url, 'vic@example.com');
    await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, {
      email: 'vic@example.com',
      roles: 'viewer',
    });
    const viewer = await browser.newPage({ viewport: VIEWPORT });
    try {
      await openGrid(viewer, { ...api, token: viewerToken }, baseId, tasks.id, tasks.viewId);
      const p = await cellPoint(viewer, 'Title', 2);
      const box = (await viewer.locator('[data-testid=grid] canvas').boundingBox())!;
      await viewer.mouse.dblclick(box.x + 40, p.y);
      await viewer.waitForSelector('[data-testid=expanded-record]');
      await viewer.locator('[data-testid=expanded-field][data-title="Status"]').waitFor();
      // Viewers read the discussion but do not take part (docs/comments.md).
      await viewer.waitForSelector('[data-testid=comments-panel]');
      expect(await viewer.locator('[data-testid=comment-input]').count()).toBe(0);
      expect(await viewer.locator('[data-testid=comment-submit]').count()).toBe(0);
      // Nor editors: the values are shown, not offered for change.
      expect(await viewer.locator('[data-testid=expanded-field][data-title="Done"] input').isDisabled()).toBe(
        true,
      );
      await viewer
        .locator('[data-testid=expanded-field][data-title="Status"] [data-testid=expanded-value]')
        .click();
      expect(await viewer.locator('[data-testid=cell-editor]').count()).toBe(0);
    } finally {
      await viewer.close();
    }
  });
});
