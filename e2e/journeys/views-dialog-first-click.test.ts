/**
 * The create-view dialog takes the first OK click, however early it comes: on a page slowed down six times (CDP
 * CPU throttling, a slow laptop), OK is pressed the moment it is in the page and released a tenth of a second
 * later, as a person clicks, and the view must be created by that one click. antd's default zoom grew the dialog
 * from the menu item just clicked, so a press as it started was released over the backdrop and nothing was sent
 * (docs/views.md "The dialog's first click"). How early a test's press comes depends on the machine, so each
 * dialog also checks, frame by frame, that OK is drawn in one place from the moment it is in the page. The
 * rename and create-table dialogs share the dialog and are pressed the same way (the new table's title typed
 * first), and so is the confirmation of a view's deletion.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { call } from '../support/grid.js';
import { setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let page: Page;
let cdp: CDPSession;
/** Slows the page's CPU down `rate` times (1: full speed). */
const throttle = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
const landed: string[] = [];

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'first-click@example.com',
    base: 'Plans',
    table: 'Tasks',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'Todo' }, { title: 'Done' }] },
      },
      { title: 'Due', uidt: 'Date' },
    ],
  });
  page = await j.open();
  // Where each press, release and click landed, for a failure message (the app navigates within the page, so
  // these listeners stay).
  await page.exposeFunction('__firstClickLanded', (s: string) => landed.push(s));
  await page.evaluate(() => {
    const w = window as unknown as { __firstClickLanded(s: string): void };
    for (const type of ['mousedown', 'mouseup', 'click'])
      document.addEventListener(
        type,
        (e) => {
          const t = e.target as HTMLElement;
          const onOk = !!t.closest?.('[data-testid=modal-ok], .ant-modal-confirm-btns .ant-btn');
          w.__firstClickLanded(`${type} ${onOk ? 'on OK' : `on ${t.tagName}.${String(t.className)}`}`);
        },
        true,
      );
    // Where OK is drawn, every frame from the first one it is in until it is released (or leaves the page, or
    // 2 s pass). Once clicked it may move: a loading icon widens it.
    const o = window as unknown as { __okRects: string[] };
    o.__okRects = [];
    let watched: Element | null = null;
    new MutationObserver(() => {
      const ok = document.querySelector('[data-testid=modal-ok], .ant-modal-confirm-btns .ant-btn-dangerous');
      if (!ok || ok === watched) return;
      watched = ok;
      const rects: string[] = (o.__okRects = []);
      const t0 = performance.now();
      let released = false;
      document.addEventListener('mouseup', () => (released = true), { capture: true, once: true });
      const sample = () => {
        if (released || !ok.isConnected || performance.now() - t0 > 2_000) return;
        const r = ok.getBoundingClientRect();
        rects.push(`${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    }).observe(document.body, { childList: true, subtree: true });
    // Whether a dialog fading out still took clicks, every frame.
    const l = window as unknown as { __leaving: string[] };
    l.__leaving = [];
    const watchLeave = () => {
      const leaving = document.querySelector('.ant-modal.ant-fade-leave .ant-modal-container');
      if (leaving) l.__leaving.push(getComputedStyle(leaving).pointerEvents);
      requestAnimationFrame(watchLeave);
    };
    requestAnimationFrame(watchLeave);
  });
  cdp = await page.context().newCDPSession(page);
  await throttle(6);
}, 120_000);

afterAll(async () => j?.close());

// A dialog a failed step left open is closed, so the next step starts from the sidebar.
afterEach(async () => {
  if (await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count())
    await page.keyboard.press('Escape');
  if (await page.locator('[data-testid=title-input]').count()) await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=title-input]', { state: 'detached' });
});

/** Where OK was drawn, frame by frame, from the last dialog's opening to the release: one place if it stood still. */
const okPlaces = async () => [
  ...new Set(await page.evaluate(() => (window as unknown as { __okRects: string[] }).__okRects)),
];

/**
 * Presses OK as soon as it is in the page, where it is drawn at that moment, holds it 100 ms and releases it;
 * returns whether that one click sent `method` to a URL matching `url` within 10 s, and where the press and the
 * release landed (for the failure message).
 */
async function pressOkEarly(
  method: string,
  url: RegExp,
  okButton = '[data-testid=modal-ok]',
): Promise<{ sent: boolean; landed: string }> {
  const ok = page.locator(okButton);
  await ok.waitFor({ state: 'attached' });
  landed.length = 0;
  const sent = page
    .waitForRequest((r) => r.method() === method && url.test(r.url()), { timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  const box = (await ok.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(100);
  await page.mouse.up();
  return { sent: await sent, landed: landed.join(', ') };
}

/**
 * Opens a view's menu and chooses `item`, all on the slowed-down page: menus open in place (docs/views.md "A
 * menu's first click"), so the item is clicked as soon as playwright finds it still.
 */
async function choose(view: string, item: string): Promise<void> {
  await page.hover(`[data-testid="view-${view}"]`);
  await page.click(`[data-testid="view-${view}"] [data-testid=view-menu]`);
  await page.locator(`.ant-dropdown-menu-item:visible:has-text("${item}")`).last().click();
}

it.each(['kanban', 'calendar', 'form', 'gallery', 'grid'])(
  'creates a %s view with the first OK click, pressed as the dialog opens',
  async (type) => {
    const before = (await call(j.api, 'GET', `/api/v1/db/meta/tables/${j.tableId}/views`)).list.length;
    await page.click('[data-testid=create-view]');
    await page.click(`[data-testid=create-view-${type}]`);
    const { sent, landed } = await pressOkEarly('POST', /\/api\/v1\/db\/meta\/tables\/[^/]+\/\w+s$/);
    expect(sent, `the press and release landed: ${landed}`).toBe(true);
    await page.waitForSelector('[data-testid=title-input]', { state: 'detached', timeout: 30_000 });
    const after = (await call(j.api, 'GET', `/api/v1/db/meta/tables/${j.tableId}/views`)).list;
    expect(after.length).toBe(before + 1);
    // A press at any moment lands where the release does: OK never moved while the dialog opened.
    expect(await okPlaces()).toHaveLength(1);
  },
);

it('renames a view with the first OK click', async () => {
  const open = await page.locator('.ant-modal-wrap:visible').allInnerTexts();
  expect(open, 'no dialog is open before the rename').toEqual([]);
  await choose('Kanban', 'Rename');
  const { sent, landed } = await pressOkEarly('PATCH', /\/api\/v1\/db\/meta\/views\/[^/]+$/);
  expect(sent, `the press and release landed: ${landed}`).toBe(true);
  await page.waitForSelector('[data-testid=title-input]', { state: 'detached', timeout: 30_000 });
});

it('deletes a view with the first OK click of its confirmation', async () => {
  await choose('Gallery', 'Delete');
  const { sent, landed } = await pressOkEarly(
    'DELETE',
    /\/api\/v1\/db\/meta\/views\/[^/]+$/,
    '.ant-modal-confirm .ant-btn-dangerous',
  );
  expect(sent, `the press and release landed: ${landed}`).toBe(true);
  await page.waitForSelector('.ant-modal-confirm', { state: 'detached', timeout: 30_000 });
  expect(await okPlaces()).toHaveLength(1);
});

it('creates a table with the first OK click', async () => {
  await page.click('[data-testid=create-table]');
  // The new table's dialog starts empty: the title is typed as soon as the input takes it.
  await page.fill('[data-testid=title-input]', 'Orders');
  const { sent, landed } = await pressOkEarly('POST', /\/api\/v1\/db\/meta\/projects\/[^/]+\/tables$/);
  expect(sent, `the press and release landed: ${landed}`).toBe(true);
  await page.waitForSelector('[data-testid=title-input]', { state: 'detached', timeout: 30_000 });
  // This dialog closes by fading out (the create-view one is removed at once); while it fades it takes no
  // click, so a quick second click on OK cannot create a second table.
  const leaving = await page.evaluate(() => (window as unknown as { __leaving: string[] }).__leaving);
  expect(leaving.length).toBeGreaterThan(0);
  expect([...new Set(leaving)]).toEqual(['none']);
});
