import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PATIENT } from './fleetdesk-app';

/** The test id of the element with focus (the map's is "live-map"), or its text for anything else. */
export async function focused(page: Page): Promise<string> {
  const el = page.locator(':focus');
  if ((await el.count()) === 0) return '';
  return (await el.getAttribute('data-testid')) ?? (await el.innerText()).trim();
}

/** As an operator without a mouse gets there: Tab until the map has focus. */
export async function tabToMap(page: Page): Promise<void> {
  for (let i = 0; i < 60 && (await focused(page)) !== 'live-map'; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('live-map');
}

/**
 * Leaflet's own keys: an arrow pans 80 px, minus zooms out a step. A press while the map still
 * glides or zooms is dropped, so each waits for the map to come to rest: a zoom starts in the next
 * animation frame, and Leaflet's map pane carries leaflet-pan-anim or leaflet-zoom-anim until the
 * move ends.
 */
export async function pressOneAtATime(page: Page, key: string, presses: number): Promise<void> {
  const moving = page.locator(
    '[data-testid="live-map"] .leaflet-map-pane:is(.leaflet-pan-anim, .leaflet-zoom-anim)',
  );
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    await moving.waitFor({ state: 'detached', ...PATIENT });
  }
}
