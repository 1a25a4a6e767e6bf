/**
 * antd select dropdowns in journeys. A dropdown stays in the DOM while it slides in or out, and its options are
 * not yet (or no longer) laid out then, so a journey that reads options at the wrong moment reads none, or reads
 * the options of the dropdown that is closing. These helpers wait for the one dropdown that is open and settled.
 */
import type { Page } from 'playwright-core';

/** The titles (or texts) of the options in the one open, settled dropdown. */
export async function openDropdownOptions(page: Page): Promise<string[]> {
  const handle = await page.waitForFunction(() => {
    const open = Array.from(document.querySelectorAll('.ant-select-dropdown')).filter(
      (d) =>
        !d.classList.contains('ant-select-dropdown-hidden') && !/-(appear|enter|leave)\b/.test(d.className),
    );
    if (open.length !== 1) return null;
    const options = Array.from(open[0]!.querySelectorAll('.ant-select-item-option'));
    return options.length ? options.map((e) => e.getAttribute('title') ?? e.textContent ?? '') : null;
  });
  return (await handle.jsonValue()) as string[];
}

/** Resolves once no select dropdown is open or still animating closed. */
export function dropdownsSettledClosed(page: Page): Promise<unknown> {
  return page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-select-dropdown')).every((d) =>
      d.classList.contains('ant-select-dropdown-hidden'),
    ),
  );
}

/** The texts of the items in the one open, settled dropdown menu (antd `Dropdown`). */
export async function openMenuItems(page: Page): Promise<string[]> {
  const handle = await page.waitForFunction(() => {
    const open = Array.from(document.querySelectorAll('.ant-dropdown')).filter(
      (d) => !d.classList.contains('ant-dropdown-hidden') && !/-(appear|enter|leave)\b/.test(d.className),
    );
    if (open.length !== 1) return null;
    const items = Array.from(open[0]!.querySelectorAll('.ant-dropdown-menu-item'));
    return items.length ? items.map((e) => e.textContent ?? '') : null;
  });
  return (await handle.jsonValue()) as string[];
}
