/**
 * Screenshots of the Alarms screen and of drawing a geofence on the live map,
 * dark and light, at 1440×900 and 1024×700, on the alarms harness (a fake
 * bridge with 100,000 alarms). Run: npx tsx test/renderer/alarms/screens/shoot.ts [--docs]
 * Writes test-results/screenshots/renderer-alarms-*.png; with --docs, copies
 * them to docs/ as well.
 */
import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { serveHarness, shootPages, type Shot } from '../../../support/harness-pages';

const SIZES = [
  { tag: '1440', viewport: { width: 1440, height: 900 } },
  { tag: '1024', viewport: { width: 1024, height: 700 } },
] as const;
const THEMES = ['dark', 'light'] as const;

/** Selects three alarms with the keyboard and opens the acknowledgement with a comment typed. */
const acknowledging = async (page: Page): Promise<void> => {
  await page.getByRole('listbox', { name: 'Alarms, newest first' }).focus();
  for (const key of ['ArrowDown', 'Space', 'ArrowDown', 'Space', 'ArrowDown', 'Space'])
    await page.keyboard.press(key);
  await page.waitForTimeout(200);
};

/** Opens the geofences and draws three corners of a polygon, the fourth following the pointer. */
const drawing = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Geofences' }).click();
  await page.getByRole('button', { name: 'Draw a polygon' }).click();
  const map = page.getByTestId('live-map');
  const box = await map.boundingBox();
  if (!box) throw new Error('the live map has no box');
  // Left of the panel (320 px and its margin), which covers the map's right side.
  const cx = box.x + (box.width - 340) / 2;
  const cy = box.y + box.height * 0.5;
  for (const [dx, dy] of [
    [-120, -90],
    [110, -110],
    [130, 70],
  ] as const) {
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(150);
  }
  await page.mouse.move(cx - 90, cy + 100);
  await page.waitForTimeout(300);
};

const SHOTS: Shot[] = [];
for (const { tag, viewport } of SIZES)
  for (const theme of THEMES) {
    SHOTS.push(
      {
        name: `alarms-${theme}-${tag}`,
        query: `screen=alarms&theme=${theme}`,
        viewport,
        action: acknowledging,
      },
      {
        name: `alarms-geofence-${theme}-${tag}`,
        query: `screen=map&theme=${theme}&count=400`,
        viewport,
        action: drawing,
      },
    );
  }
SHOTS.push(
  { name: 'alarms-local-dark-1440', query: 'screen=alarms&theme=dark&mode=local&count=40' },
  {
    name: 'alarms-acknowledge-dark-1440',
    query: 'screen=alarms&theme=dark',
    action: async (page) => {
      await acknowledging(page);
      await page.keyboard.press('a');
      await page.keyboard.type('Drivers called: two stuck at the gate, one reefer door left open');
    },
  },
  {
    name: 'alarms-spotlight-light-1440',
    query: 'screen=alarms&theme=light&count=400',
    action: async (page) => {
      await page.getByRole('listbox', { name: 'Alarms, newest first' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(1200);
    },
  },
);

const server = await serveHarness('test/renderer/alarms/screens');
try {
  await shootPages(server.url, SHOTS);
} finally {
  await server.close();
}
if (process.argv.includes('--docs'))
  for (const shot of SHOTS) {
    const from = resolve(
      import.meta.dirname,
      `../../../../test-results/screenshots/renderer-${shot.name}.png`,
    );
    copyFileSync(from, resolve(import.meta.dirname, `../../../../docs/screenshot-${shot.name}.png`));
  }
