import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { assetName, busiestAsset } from './support/fleet-moments';
import { quietMapPoint } from './support/map-canvas';
import { findAndSelectAsset, openScreen, showAsset, waitForDemoFleet } from './support/operator';
import { recordSeeds } from './support/record-seeds';

// Every screen at the smallest window an operator is promised (docs/architecture.md "Renderer": 1024×700),
// at 100 % and at 125 % display scale: nothing scrolls sideways, no control is cut off or covered by
// another, and no text is squeezed to a stub ("T."), cut off without an ellipsis, or drawn over its neighbour.

const DAY = 86_400_000;
/** Nothing listens on the discard port: every tile fails, quickly. */
const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

const problemsSchema = z.array(z.string());

/**
 * What is wrong with the layout as it stands, in words. A string, not a callback: this file is type-checked
 * without the DOM library.
 */
const LAYOUT_PROBLEMS = `(() => {
  const problems = [];
  const name = (el) =>
    (el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || el.tagName)
      .trim().replace(/\\s+/g, ' ').slice(0, 50) + ' <' + el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + '>';
  const modal = document.querySelector('[aria-modal="true"], dialog[open]');
  const shown = (el) => {
    // Behind an open dialog nothing counts: the dialog is what the operator sees and reaches.
    if (modal && !modal.contains(el)) return null;
    const r = el.getBoundingClientRect();
    // Text for screen readers only is drawn in a pixel's box.
    if (r.width < 2 || r.height < 2) return null;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || Number(s.opacity) === 0) return null;
    return r;
  };
  if (document.documentElement.scrollWidth > innerWidth + 1)
    problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px wide in a ' + innerWidth + ' px window');
  // Where an element may be: inside every ancestor that clips. Outside one that scrolls, it is reachable by
  // scrolling; outside one that does not, it is cut off.
  const placement = (el, r) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      const inside = r.left >= ar.left - 1 && r.right <= ar.right + 1 && r.top >= ar.top - 1 && r.bottom <= ar.bottom + 1;
      if (inside) continue;
      const scrolls = /auto|scroll/.test(s.overflowX + ' ' + s.overflowY);
      return scrolls ? 'scrolled' : 'cut by ' + name(a);
    }
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) return 'outside the window';
    return 'in view';
  };
  const controls = document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=option], h1, h2, h3, th, label');
  for (const el of controls) {
    if (el.closest('.leaflet-tile-container, [aria-hidden=true]')) continue;
    const r = shown(el);
    if (!r) continue;
    const where = placement(el, r);
    if (where === 'scrolled') continue;
    if (where !== 'in view') { problems.push(name(el) + ' is ' + where); continue; }
    // Its middle and four points a quarter in from its edges: a button half under another counts.
    const points = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.25], [0.5, 0.75]];
    for (const [fx, fy] of points) {
      const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
      if (hit && hit !== el && !el.contains(hit) && !(hit.control === el) && !(el.tagName === 'LABEL' && el.control === hit) && !hit.contains(el)) {
        problems.push(name(el) + ' is covered by ' + name(hit));
        break;
      }
    }
  }
  // Text squeezed to a stub: an ellipsis that leaves fewer than four letters of a longer text.
  for (const el of document.querySelectorAll('body *')) {
    const direct = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim().length > 0);
    if (!direct) continue;
    const r = shown(el);
    if (!r || placement(el, r) !== 'in view') continue;
    const s = getComputedStyle(el);
    const text = el.textContent.trim();
    if (el.scrollWidth > el.clientWidth + 1 && s.overflowX !== 'visible' && text.length > 4 && el.clientWidth < 4 * parseFloat(s.fontSize) * 0.6)
      problems.push('"' + text.slice(0, 40) + '" is squeezed to ' + el.clientWidth + ' px <' + el.tagName.toLowerCase() + '>');
  }
  // Text cut off mid-letter with nothing to say so: it overflows a box that clips it, without an ellipsis.
  // A button's own text-overflow does nothing in Chromium (its text is laid out in an anonymous box that
  // does not inherit it): the ellipsis must be a child's.
  for (const el of document.querySelectorAll('body *')) {
    const direct = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim().length > 0);
    if (!direct || el.closest('.leaflet-pane')) continue;
    const r = shown(el);
    if (!r || placement(el, r) !== 'in view') continue;
    const s = getComputedStyle(el);
    if (el.scrollWidth <= el.clientWidth + 1 || !/hidden|clip/.test(s.overflowX)) continue;
    if (s.textOverflow !== 'ellipsis' || el.tagName === 'BUTTON')
      problems.push('"' + el.textContent.trim().slice(0, 40) + '" is cut off without an ellipsis <' + el.tagName.toLowerCase() + '>');
  }
  // Text drawn over other text: leaves of one list row or one toolbar that overlap.
  const leaves = [...document.querySelectorAll('body *')].filter((el) => {
    if (el.closest('.leaflet-pane, [role=tooltip], [aria-hidden=true]')) return false;
    const direct = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim().length > 0);
    if (!direct) return false;
    const r = shown(el);
    return r && placement(el, r) === 'in view';
  });
  const boxes = leaves.map((el) => {
    // The text itself, not the element's box: a wide cell with short text overlaps nothing.
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    // Cut to the element's box: what an ellipsis hides is not drawn.
    const b = el.getBoundingClientRect();
    return { el, r: { left: Math.max(t.left, b.left), right: Math.min(t.right, b.right), top: Math.max(t.top, b.top), bottom: Math.min(t.bottom, b.bottom) } };
  });
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 2) problems.push('"' + a.el.textContent.trim().slice(0, 30) + '" overlaps "' + b.el.textContent.trim().slice(0, 30) + '"');
    }
  return problems;
})()`;

/**
 * Lines of the map's background that run across the whole map: a column (or row) of pixels unlike both its
 * neighbours, which are like each other, over most of the map's height (or width) — the seam a tile edge
 * leaves between device pixels at a fractional scale. Markers and coasts never make such a line.
 */
const MAP_SEAMS = `(async (png) => {
  const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(bitmap, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  const at = (x, y) => { const o = (y * width + x) * 4; return [data[o], data[o + 1], data[o + 2]]; };
  const diff = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
  const seams = [];
  const odd = (p, a, b) => diff(a, b) <= 3 && diff(p, a) > 3 && diff(p, b) > 3;
  for (let x = 1; x < width - 1; x++) {
    let n = 0;
    for (let y = 0; y < height; y++) if (odd(at(x, y), at(x - 1, y), at(x + 1, y))) n++;
    if (n > 0.5 * height) seams.push('a line down the map at x = ' + x + ' (' + n + ' of ' + height + ' px)');
  }
  for (let y = 1; y < height - 1; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) if (odd(at(x, y), at(x, y - 1), at(x, y + 1))) n++;
    if (n > 0.5 * width) seams.push('a line across the map at y = ' + y + ' (' + n + ' of ' + width + ' px)');
  }
  return seams;
})`;

async function mapSeams(page: Page): Promise<string[]> {
  const png = (await page.locator('.base-map').first().screenshot()).toString('base64');
  return problemsSchema.parse(await page.evaluate(`${MAP_SEAMS}(${JSON.stringify(png)})`));
}

async function layoutProblems(page: Page): Promise<string[]> {
  return problemsSchema.parse(await page.evaluate(LAYOUT_PROBLEMS));
}

/** The browser runs in UTC, so the date fields' calendar days are UTC days. */
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

for (const scale of [1, 1.25]) {
  describe(`every screen at 1024×700, ${scale * 100} % scale, against the local fleet service`, () => {
    let app: FleetdeskApp;
    const tag = `1024x700-${scale * 100}`;

    beforeAll(async () => {
      app = await startFleetdeskApp({
        fleetSize: 20,
        tickMs: 500,
        viewport: { width: 1024, height: 700 },
        deviceScaleFactor: scale,
      });
      await waitForDemoFleet(app.page);
      // A group, so that an asset picked from it brings the selection bar's "Take out of …" button.
      await recordSeeds(app.service, app.operatorToken).post('asset-group', {
        name: 'North depot and the yard behind it',
        asset_ids: app.fleet.assets.slice(0, 5).map((a) => a.id),
      });
      await app.page.reload();
      await waitForDemoFleet(app.page);
    });

    afterAll(async () => {
      await app?.close();
    });

    beforeEach(() => {
      onTestFailed(() => app.screenshot(`layout-${tag}-failed`));
    });

    async function check(screen: string): Promise<void> {
      await app.screenshot(`layout-${tag}-${screen}`);
      expect(await layoutProblems(app.page), `${screen} at ${tag}`).toEqual([]);
    }

    it('the live map, with tiles and with the tiles note, with an asset open', async () => {
      const { page } = app;
      await page.getByRole('button', { name: 'Fit fleet' }).waitFor(PATIENT);
      await check('map');
      await findAndSelectAsset(page, app.fleet.assets[0]!.name);
      await page
        .getByTestId('selection-bar')
        .getByRole('button', { name: /^Take out of/ })
        .waitFor(PATIENT);
      await check('map-asset');

      // A tile server that cannot be reached and nothing kept of it: the note shows, and must leave the map's
      // buttons usable, with the panel open or closed; the outline map under it shows no seams.
      await app.shell.core.handlers['settings.set']({ tileUrl: UNREACHABLE_TILES });
      const note = page.getByText(/tiles unavailable/i).first();
      await note.waitFor(PATIENT);
      await check('map-asset-no-tiles');
      await page
        .getByRole('complementary', { name: 'Asset details' })
        .getByRole('button', { name: /^Clear selection/ })
        .click();
      await page
        .getByRole('complementary', { name: 'Asset details' })
        .waitFor({ state: 'detached', ...PATIENT });
      await check('map-no-tiles');
      expect(await mapSeams(page)).toEqual([]);

      // A click leaves no keyboard square on the map (it cut the labels under it); the first key brings it.
      // Where no marker is near: a click on one selects its asset, and focus goes to its panel.
      const quiet = await quietMapPoint(page, { x: 120, y: 400 }, 24);
      await page.mouse.click(quiet.x, quiet.y);
      expect(await page.evaluate("document.activeElement?.closest('[data-testid=live-map]') !== null")).toBe(
        true,
      );
      expect(await page.locator('.keyboard-square').isVisible()).toBe(false);
      await page.keyboard.press('ArrowUp');
      await page.locator('.keyboard-square').waitFor({ state: 'visible', ...PATIENT });
      await app.shell.core.handlers['settings.set']({ tileUrl: app.tiles.template });
      await note.waitFor({ state: 'detached', ...PATIENT });
    });

    it('history of a busy day', async () => {
      const { page } = app;
      const now = app.serviceNow();
      const busy = busiestAsset(app.fleet, now - 7 * DAY, now - DAY);
      await showAsset(page, assetName(app.fleet, busy.assetId));
      await openScreen(page, 'History');
      await page
        .getByRole('region', { name: /history/i })
        .first()
        .waitFor(PATIENT);
      await check('history');
    });

    it('reports, with a finished PDF and Excel report in the list', async () => {
      const { page } = app;
      await openScreen(page, 'Reports');
      const form = page.getByRole('form', { name: 'New report' });
      const now = app.serviceNow();
      for (const format of ['PDF', 'Excel'] as const) {
        await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Trips' });
        await form.getByLabel('From', { exact: true }).fill(day(now - 2 * DAY));
        await form.getByLabel('To', { exact: true }).fill(day(now - DAY));
        await form.getByRole('radio', { name: format }).check();
        await form.getByLabel(/^Title/).fill(`Trips of the whole fleet for the week, ${format}`);
        await form.getByRole('button', { name: 'Queue report' }).click();
      }
      for (const format of ['PDF', 'Excel'])
        await page
          .getByRole('listitem')
          .filter({ hasText: `Trips of the whole fleet for the week, ${format}` })
          .getByText(/^Completed/)
          .waitFor({ timeout: 90_000 });
      await check('reports');
    });

    it('tracking links, alarms and maintenance', async () => {
      const { page } = app;
      await openScreen(page, 'Tracking links');
      await check('links');
      await page.keyboard.press('5');
      await page
        .getByRole('navigation', { name: 'Screens' })
        .locator('[aria-current="page"]', { hasText: 'Alarms' })
        .waitFor(PATIENT);
      await check('alarms');
      await openScreen(page, 'Maintenance');
      await check('maintenance');
    });

    it('the settings dialog', async () => {
      const { page } = app;
      await page.getByRole('button', { name: /^Settings/ }).click();
      await page.getByRole('dialog', { name: /Settings/ }).waitFor(PATIENT);
      await check('settings');
      await page.keyboard.press('Escape');
    });
  });
}
