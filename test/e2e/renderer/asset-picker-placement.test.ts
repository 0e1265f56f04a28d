import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator } from 'playwright-core';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { openScreen, waitForDemoFleet } from './support/operator';

let app: FleetdeskApp;

beforeAll(async () => {
  // Twenty assets: more options than the list shows at once, so its height is the popup's to cap.
  app = await startFleetdeskApp({ fleetSize: 20 });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('asset-picker-failed'));
});

afterAll(async () => {
  await app?.close();
});

/** A vertical extent on screen, in CSS pixels from the top of the window. */
interface Span {
  readonly top: number;
  readonly bottom: number;
}

interface Geometry {
  readonly viewport: number;
  /** The report form's scrolling pane. */
  readonly pane: Span;
  readonly field: Span;
  /** The popup: the listbox and its status line. */
  readonly popup: Span;
  readonly listbox: Span;
}

const span = async (what: Locator): Promise<Span> => {
  const box = await what.boundingBox();
  if (!box) throw new Error('not on screen');
  return { top: box.y, bottom: box.y + box.height };
};

const form = (): Locator => app.page.getByRole('form', { name: 'New report' });
const picker = (): Locator => form().getByRole('combobox', { name: /^Asset/ });
const listbox = (): Locator => app.page.getByRole('listbox', { name: 'Asset' });
/** The report form's pane, which scrolls when the window is too short for the form. */
const pane = (): Locator => app.page.locator('aside', { has: form() });

/** Where the picker's field, its open list and the pane around them are on screen. */
async function geometry(): Promise<Geometry> {
  return {
    viewport: app.page.viewportSize()!.height,
    pane: await span(pane()),
    field: await span(picker()),
    popup: await span(listbox().locator('xpath=..')),
    listbox: await span(listbox()),
  };
}

/** The report form's Asset picker open, on a fresh page `height` px high with the form at its top. */
async function openPicker(height: number): Promise<void> {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height });
  await page.reload();
  await waitForDemoFleet(page);
  await openScreen(page, 'Reports');
  await picker().click();
  await listbox().waitFor(PATIENT);
}

const opensAbove = async (): Promise<boolean> => {
  const g = await geometry();
  return g.popup.bottom <= g.field.top;
};
const opensBelow = async (): Promise<boolean> => {
  const g = await geometry();
  return g.popup.top >= g.field.bottom;
};

/** All of the popup is in the window and in the part of it the pane shows. */
const inView = (g: Geometry): boolean =>
  g.popup.top >= Math.max(0, g.pane.top) && g.popup.bottom <= Math.min(g.viewport, g.pane.bottom);

/** The popup's height when nothing caps it: the options' own limit and the status line. */
const NATURAL_HEIGHT = 280;

describe('the asset picker’s list in Chromium', () => {
  it('opens above the field near the bottom of a short window, all of it in view, and still picks with the keys', async () => {
    await openPicker(340);
    await expect.poll(opensAbove, PATIENT).toBe(true);
    const g = await geometry();
    // The window is short indeed: the list would not fit below the field.
    expect(g.pane.bottom - g.field.bottom).toBeLessThan(NATURAL_HEIGHT);
    expect(inView(g), JSON.stringify(g)).toBe(true);
    expect(g.listbox.top).toBeGreaterThanOrEqual(0);
    expect(g.listbox.bottom).toBeLessThanOrEqual(g.viewport);
    await app.screenshot('asset-picker-above');

    await picker().press('ArrowDown');
    await picker().press('ArrowDown');
    const active = app.page.locator(`[id="${await picker().getAttribute('aria-activedescendant')}"]`);
    const name = await active.locator('.name').innerText();
    await picker().press('Enter');
    expect(await picker().inputValue()).toBe(name);
    expect(await picker().getAttribute('aria-expanded')).toBe('false');
    expect(app.pageErrors).toEqual([]);
  });

  it('moves below the field when the pane scrolls it up, and takes its full height when the window grows', async () => {
    const { page } = app;
    await openPicker(340);
    await expect.poll(opensAbove, PATIENT).toBe(true);
    const before = await geometry();

    // The wheel over the pane's lower part, clear of the list: the pane scrolls, not the list.
    const paneBox = (await pane().boundingBox())!;
    await page.mouse.move(paneBox.x + 20, paneBox.y + paneBox.height - 20);
    await page.mouse.wheel(0, 150);
    await expect.poll(opensBelow, PATIENT).toBe(true);
    const scrolled = await geometry();
    expect(scrolled.field.top).toBeLessThan(before.field.top);
    expect(inView(scrolled), JSON.stringify(scrolled)).toBe(true);
    await app.screenshot('asset-picker-scrolled');

    await page.setViewportSize({ width: 1024, height: 768 });
    await expect
      .poll(async () => {
        const g = await geometry();
        return g.popup.bottom - g.popup.top;
      }, PATIENT)
      .toBeGreaterThanOrEqual(NATURAL_HEIGHT);
    const tall = await geometry();
    expect(tall.popup.top).toBeGreaterThanOrEqual(tall.field.bottom);
    expect(inView(tall), JSON.stringify(tall)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });
});
