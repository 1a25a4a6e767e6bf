/**
 * A documentation base (docs/documentation-bases.md): create the base and a page, write a heading, a task list,
 * an image and a table with the slash menu, take a snapshot and restore it, see a second browser's edits live
 * (both ways), open the published page without signing in, and reorder pages from the keyboard.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { openDropdownOptions } from '../support/dropdowns.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { signUpByApi, waitForRoute } from '../support/web.js';

// A 2×2 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

let app: RunningApp;
let browser: Browser;
let token: string;
let page: Page;
let pageId: string;

interface Node {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Node[];
  text?: string;
}
const types = (n: Node): string[] => [n.type, ...(n.content ?? []).flatMap(types)];

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript((t) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token: t }));
  }, token);
  const p = await context.newPage();
  p.setDefaultTimeout(15_000);
  return p;
}

/** The stored page once `test` accepts it (the server derives content shortly after each edit). */
async function storedPage(test: (p: { content: Node; text: string }) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const p = await call<{ content: Node; text: string }>(
      app.url,
      'GET',
      `/api/v1/docs/pages/${pageId}`,
      token,
    );
    if (test(p)) return p;
    if (Date.now() > deadline) throw new Error(`page stayed ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const saved = (p: Page) => p.waitForSelector('[data-testid=doc-sync-status][data-status=synced]');

async function slash(p: Page, key: string) {
  await p.keyboard.type(`/${key}`);
  await p.waitForSelector(`[data-testid=doc-slash-${key}]`);
  await p.keyboard.press('Enter');
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  token = await signUpByApi(app.url, 'writer@example.com');
  page = await signedInPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('creates a documentation base and writes a page with a heading, a task list, an image and a table', async () => {
  await page.goto(`${app.url}/#/`);
  await page.click('[data-testid=create-base]');
  await page.fill('[data-testid=title-input]', 'Handbook');
  await page.click('[data-testid=base-kind]');
  expect(await openDropdownOptions(page)).toContain('Documentation');
  await page.click('.ant-select-item-option[title="Documentation"]');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=docs-new-page]');

  await page.click('[data-testid=docs-new-page]');
  await page.fill('[data-testid=title-input]', 'Onboarding');
  await page.click('[data-testid=modal-ok]');
  const at = await waitForRoute(page, (r) => /\/doc\/dp/.test(r));
  pageId = at.split('/doc/')[1]!;
  await saved(page);

  await page.click('[data-testid=doc-editor]');
  // A Markdown shortcut makes the heading.
  await page.keyboard.type('# Welcome aboard');
  await page.keyboard.press('Enter');
  await slash(page, 'task');
  await page.keyboard.type('Get a laptop');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), slash(page, 'image')]);
  await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.waitForSelector('[data-testid=doc-editor] img');
  await slash(page, 'table');
  await page.keyboard.type('Name');
  await saved(page);

  const stored = await storedPage((p) =>
    ['heading', 'taskList', 'image', 'table'].every((t) => types(p.content).includes(t)),
  );
  expect(stored.content.content?.[0]).toMatchObject({ type: 'heading', attrs: { level: 1 } });
  expect(stored.text).toContain('Welcome aboard');
  expect(stored.text).toContain('Get a laptop');
  const image = types(stored.content).includes('image');
  expect(image).toBe(true);
  // The image is served back from the storage.
  const src = await page.getAttribute('[data-testid=doc-editor] img', 'src');
  expect((await fetch(new URL(src!, app.url))).headers.get('content-type')).toMatch(/image\/png/);
});

it('restores an earlier snapshot', async () => {
  await page.click('[data-testid=doc-history]');
  await page.click('[data-testid=doc-take-snapshot]');
  await page.waitForSelector('[data-testid=doc-snapshot]:has-text("Manual")');
  await page.keyboard.press('Escape');
  // The drawer gives the focus back when it has closed: type only after that.
  await page.waitForSelector('[data-testid=doc-take-snapshot]', { state: 'hidden' });
  await page.click('[data-testid=doc-editor] h1');
  await page.keyboard.press('End');
  await page.keyboard.type(' and goodbye');
  await saved(page);
  await storedPage((p) => p.text.includes('aboard and goodbye'));

  await page.click('[data-testid=doc-history]');
  await page.click('[data-testid=doc-snapshot]:has-text("Manual") [data-testid=doc-restore]');
  await page.click('.ant-popconfirm .ant-btn-primary');
  await page.waitForSelector('[data-testid=doc-take-snapshot]', { state: 'hidden' });
  await page.waitForFunction(
    () => !document.querySelector('[data-testid=doc-editor]')?.textContent?.includes('goodbye'),
  );
  expect(await page.textContent('[data-testid=doc-editor] h1')).toBe('Welcome aboard');
  const stored = await storedPage((p) => !p.text.includes('goodbye'));
  expect(stored.text).toContain('Get a laptop');
});

it('shows each browser the other one’s edits live', async () => {
  const other = await signedInPage();
  await other.goto(`${app.url}/#/nc/${await baseIdOf()}/doc/${pageId}`);
  await saved(other);
  await other.waitForSelector('[data-testid=doc-editor] h1:has-text("Welcome aboard")');

  await other.click('[data-testid=doc-editor] h1');
  await other.keyboard.press('End');
  await other.keyboard.type(' (from B)');
  await page.waitForSelector('[data-testid=doc-editor] h1:has-text("Welcome aboard (from B)")');

  await page.click('[data-testid=doc-editor] li p');
  await page.keyboard.press('End');
  await page.keyboard.type(' today');
  await other.waitForSelector('[data-testid=doc-editor] li:has-text("Get a laptop today")');
  await saved(page);
  await storedPage((p) => p.text.includes('(from B)') && p.text.includes('laptop today'));

  // The page tree is live too: a page created in one browser appears in the other's sidebar.
  await call(app.url, 'POST', `/api/v1/docs/bases/${await baseIdOf()}/pages`, token, { title: 'Glossary' });
  await other.waitForSelector('[data-testid=docs-tree-item]:has-text("Glossary")');
  await page.waitForSelector('[data-testid=docs-tree-item]:has-text("Glossary")');
  await other.context().close();
});

it('opens the published page without signing in', async () => {
  await page.click('[data-testid=doc-publish]');
  const link = (await (await page.waitForSelector('[data-testid=doc-public-link]')).textContent())!.trim();
  expect(link).toContain(`/doc/${pageId}`);
  const anon = await browser.newContext();
  const reader = await anon.newPage();
  await reader.goto(link.startsWith('http') ? link : `${app.url}/${link}`);
  await reader.waitForSelector('[data-testid=public-doc-title]:has-text("Onboarding")');
  expect(await reader.textContent('[data-testid=public-doc-content] h1')).toBe('Welcome aboard (from B)');
  await reader.waitForFunction(() => {
    const img = document.querySelector('[data-testid=public-doc-content] img') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth === 2;
  });
  expect(await reader.locator('[data-testid=public-doc-content] table').count()).toBe(1);
  expect(await reader.locator('[data-testid=public-doc-content] [contenteditable=true]').count()).toBe(0);
  await anon.close();
});

it('finds pages by their words, nests a page by dragging it, and changes an icon', async () => {
  await page.fill('[data-testid=docs-search] input', 'LAPTOP');
  await page.keyboard.press('Enter');
  const hit = await page.waitForSelector('[data-testid=docs-search-results] a');
  expect(await hit.textContent()).toContain('Get a laptop today');

  await page.click('[data-testid=docs-new-page]');
  await page.fill('[data-testid=title-input]', 'Tools');
  await page.click('[data-testid=modal-ok]');
  await waitForRoute(page, (r) => /\/doc\/dp/.test(r) && !r.endsWith(pageId));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=docs-tree-item]').length === 3);
  await page.dragAndDrop(
    '[data-testid=docs-tree-item]:has-text("Tools") > div',
    `[data-testid=docs-tree-item][data-page-id="${pageId}"] > div`,
  );
  // Tools is now a sub-page of Onboarding, in the sidebar and on the server.
  await page.waitForSelector(
    `[data-testid=docs-tree-item][data-page-id="${pageId}"] ul [data-testid=docs-tree-item]:has-text("Tools")`,
  );
  const pages = await call<{ list: { title: string; parent_id: string | null }[] }>(
    app.url,
    'GET',
    `/api/v1/docs/bases/${await baseIdOf()}/pages`,
    token,
  );
  expect(pages.list.find((p) => p.title === 'Tools')?.parent_id).toBe(pageId);

  await page.click('[data-testid=doc-icon]');
  await page.fill('[data-testid=ask-input]', '🧰');
  await page.click('[data-testid=ask-ok]');
  await page.waitForSelector('[data-testid=docs-tree-item]:has-text("🧰")');
  // The dialog gives the focus back to the icon button once it has closed: the next test's keys must not
  // race that (under load it came after the next test had focused a page in the tree).
  await page.waitForSelector('.ant-modal-mask', { state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'doc-icon');
});

it('reorders and nests pages from the keyboard, and says where they went', async () => {
  const link = (title: string) =>
    page.locator(`[data-testid=docs-tree-item]:has-text("${title}") > div [data-testid=docs-page-link]`);
  const announced = (text: string) =>
    page.waitForSelector(`[data-testid=docs-tree-announcement]:text-is("${text}")`, { state: 'attached' });
  const focused = (title: string) =>
    page.waitForFunction(
      (t) => document.activeElement?.closest('[data-testid=docs-tree-item]')?.textContent?.includes(t),
      title,
    );
  const topLevel = () =>
    page.$$eval(
      '[data-testid=docs-tree] > [data-testid=docs-tree-item] > div [data-testid=docs-page-link]',
      (l) => l.map((a) => a.querySelector('span.truncate')?.textContent),
    );
  expect(await topLevel()).toEqual(['Onboarding', 'Glossary']);

  await link('Glossary').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await announced('Glossary moved to position 1 of 2');
  await expect.poll(topLevel).toEqual(['Glossary', 'Onboarding']);
  await focused('Glossary');

  await page.keyboard.press('Alt+ArrowDown');
  await announced('Glossary moved to position 2 of 2');
  await expect.poll(topLevel).toEqual(['Onboarding', 'Glossary']);

  // Alt+Right nests it under the page above (after Tools); Alt+Left takes it out again.
  await page.keyboard.press('Alt+ArrowRight');
  await announced('Glossary moved into Onboarding');
  await page.waitForSelector(
    `[data-testid=docs-tree-item][data-page-id="${pageId}"] ul [data-testid=docs-tree-item]:has-text("Glossary")`,
  );
  await focused('Glossary');
  const pages = await call<{ list: { title: string; parent_id: string | null }[] }>(
    app.url,
    'GET',
    `/api/v1/docs/bases/${await baseIdOf()}/pages`,
    token,
  );
  expect(pages.list.find((p) => p.title === 'Glossary')?.parent_id).toBe(pageId);
  await page.keyboard.press('Alt+ArrowLeft');
  await announced('Glossary moved to the top level');
  await expect.poll(topLevel).toEqual(['Onboarding', 'Glossary']);
});

async function baseIdOf(): Promise<string> {
  const page = await call<{ base_id: string }>(app.url, 'GET', `/api/v1/docs/pages/${pageId}`, token);
  return page.base_id;
}
