import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { crossingFix, drivingToFixAhead } from './support/alarm-moments';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { ALARM_RINGS_CANVAS, paintedNear } from './support/map-canvas';
import { dragMapTo, mapCoordinates, pagePoint, type MapView } from './support/map-coordinates';
import { findAndSelectAsset, waitForDemoFleet } from './support/operator';
import { serviceApi } from './support/service-api';

const MINUTE = 60_000;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How long the chosen vehicle is on the road: the drawing, the rule, and the minutes to the point ahead. */
const ON_THE_ROAD_MS = 15 * MINUTE;
/** The square drawn round the point ahead, each way: small beside the distance the vehicle keeps from it until then. */
const HALF_SIDE_M = 250;
/** The map's legend (bottom left) and buttons (top) stand this far into it: no corner is clicked there. */
const LEGEND_CLEARANCE_PX = 140;
const CLEAR_M = 800;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500, notifications: true });
  await waitForDemoFleet(app.page);
});
beforeEach(() => {
  onTestFailed(() => app.screenshot('alarms-geofence-failed'));
});
afterAll(async () => {
  await app?.close();
});

const metresPerPixel = (view: MapView): number =>
  (40_075_016.686 * Math.cos((view.lat * Math.PI) / 180)) / (256 * 2 ** view.zoom);

/**
 * Moves the map (a mouse drag, paused before the release so Leaflet adds no
 * inertia) until the point lies in the middle of the part of the map the
 * panels leave free, at a zoom where the square is a few dozen pixels wide.
 */
async function bringIntoView(page: Page, lat: number, lon: number, freeRight: number): Promise<MapView> {
  const map = page.getByTestId('live-map');
  let view = await mapCoordinates(page);
  while (HALF_SIDE_M / metresPerPixel(view) < 20) {
    await map.focus();
    await page.keyboard.press('+');
    view = await mapCoordinates(page);
  }
  const target = { x: view.box.x + (freeRight - view.box.x) / 2, y: view.box.y + view.box.height / 2 };
  return dragMapTo(page, lat, lon, target, view);
}

/** Both themes, the page's own (Settings' "system" follows the colour scheme), for the README's screenshots. */
async function inBothThemes(page: Page, shoot: (theme: 'dark' | 'light') => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect.poll(() => page.locator('html').getAttribute('data-theme'), PATIENT).toBe(theme);
    await shoot(theme);
  }
}

/**
 * The page's clock on the service's (which the test ran on): the inbox says "16:37:05" for today's alarms
 * and a date for other days', as on a desk whose clock the service shares.
 */
const onServiceTime = (page: Page): Promise<void> => page.clock.setSystemTime(app.serviceNow());

const alarmsTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Alarms/ });

describe('alarms from a geofence drawn on the live map, in Chromium against the local fleet service', () => {
  it(
    'draws a geofence ahead of a moving vehicle, makes an enter rule from it in two clicks, rings the vehicle and notifies when it really enters, and shares the acknowledgement with the service and a second desk',
    async () => {
      const { page } = app;
      const api = serviceApi(app.service, app.operatorToken);
      // The moment, asked of the simulator: the service's clock runs on to a vehicle on the road, and the point
      // it will pass a few minutes later is where the geofence goes.
      const ahead = app.runClockTo(
        drivingToFixAhead(app.fleet, app.serviceNow(), {
          onTheRoadMs: ON_THE_ROAD_MS,
          leadMs: 150_000,
          withinMs: 10 * MINUTE,
          clearM: CLEAR_M,
        }),
      );
      await onServiceTime(page);
      const vehicle = app.fleet.asset(ahead.assetId)!.name;
      const fenceName = `Roadworks ${new Date(ahead.fix.t).toISOString().slice(11, 16)}`;

      await findAndSelectAsset(page, vehicle);
      await page.getByRole('button', { name: 'Geofences', exact: true }).click();
      const panel = page.getByTestId('geofence-panel');
      await panel.waitFor(PATIENT);
      const freeRight = (await panel.boundingBox())!.x - 10;
      // Between the vehicle and the point ahead: the editor's screenshot shows the one coming to the other.
      // Unless the vehicle is so far off that the square would reach the map's edges or its legend (bottom
      // left): then on the point ahead itself, so that every corner is clicked on the map.
      const at = app.fleet.sampleAt(ahead.assetId, app.serviceNow());
      let view = await bringIntoView(
        page,
        (at.lat + ahead.fix.lat) / 2,
        (at.lon + ahead.fix.lon) / 2,
        freeRight,
      );
      const clickable = (v: MapView): boolean => {
        const p = pagePoint(v, ahead.fix.lat, ahead.fix.lon);
        const r = HALF_SIDE_M / metresPerPixel(v) + LEGEND_CLEARANCE_PX;
        return (
          p.x - r > v.box.x && p.x + r < freeRight && p.y - r > v.box.y && p.y + r < v.box.y + v.box.height
        );
      };
      if (!clickable(view)) view = await bringIntoView(page, ahead.fix.lat, ahead.fix.lon, freeRight);

      // Draw the square round the point ahead with Leaflet-Geoman, closing it on its first corner.
      await panel.getByRole('button', { name: 'Draw a polygon' }).click();
      const c = pagePoint(view, ahead.fix.lat, ahead.fix.lon);
      const h = HALF_SIDE_M / metresPerPixel(view);
      const corners = [
        [c.x - h, c.y - h],
        [c.x + h, c.y - h],
        [c.x + h, c.y + h],
        [c.x - h, c.y + h],
        [c.x - h, c.y - h],
      ] as const;
      for (const [x, y] of corners) await page.mouse.click(x, y);
      await panel.getByTestId('geofence-name').fill(fenceName);
      await panel.getByTestId('geofence-save').click();
      await panel.getByRole('button', { name: fenceName }).waitFor(PATIENT);
      const saved = (await api.geofences()).find((g) => g.name === fenceName);
      if (!saved) throw new Error(`The service has no geofence named ${fenceName} after the app saved it.`);
      expect(saved.shape.type).toBe('polygon');

      // Two clicks: the geofence on the map, then "Alert on enter" (made critical, for the selected vehicle).
      await page.mouse.click(c.x + h / 3, c.y + h / 3);
      const card = page.getByTestId('geofence-card');
      await card.waitFor(PATIENT);
      await card.locator('select[name="severity"]').selectOption('critical');
      await card.getByRole('button', { name: 'Alert on enter' }).click();
      await card.getByText(`An alarm when ${vehicle} enters ${fenceName}, from now on.`).waitFor(PATIENT);
      const rule = (await api.alertRules()).find((r) => r.geofence_id === saved.id);
      expect(rule).toMatchObject({ kind: 'geofence_enter', asset_id: ahead.assetId, severity: 'critical' });
      await inBothThemes(page, (theme) => app.screenshot(`geofence-editor-${theme}`, { docs: true }));

      // A second desk (its own core and inbox, the same service and operator), watching the inbox.
      const desk = await app.openClient();
      await onServiceTime(desk.page);
      await alarmsTab(desk.page).click();

      // The simulator says at which fix the vehicle enters it after the rule was written; the service's clock
      // runs on to just after it, and the service raises the alarm on its next tick.
      const enters = crossingFix(
        app.fleet,
        ahead.assetId,
        saved.shape,
        Date.parse(rule!.updated_at),
        12 * MINUTE,
        true,
      );
      // Critical rings on and around the geofence (the vehicle is inside it once it has entered), a ring's width
      // beyond it: the vehicle's older warnings ring it in amber wherever it is.
      const ringsAtFence = (): Promise<number> => paintedNear(page, c, h + 24, ALARM_RINGS_CANVAS, true);
      expect(await ringsAtFence()).toBe(0);
      app.runClockTo({ at: enters.t + 1_000 });
      await Promise.all([onServiceTime(page), onServiceTime(desk.page)]);

      // Attention on the map screen: the notification, once, and a critical ring round the vehicle.
      const entered = async () =>
        (await app.notifications()).filter((n) => n.body === `Entered ${fenceName}`);
      await expect
        .poll(entered, PATIENT)
        .toEqual([
          { title: `Critical alarm: ${vehicle}`, body: `Entered ${fenceName}`, tag: expect.any(String) },
        ]);
      const [alarm] = (await api.alarms(`&asset_id=${ahead.assetId}&kind=geofence_enter`)).filter(
        (a) => a.rule_id === rule!.id,
      );
      expect(alarm).toMatchObject({
        raised_at: new Date(enters.t).toISOString(),
        severity: 'critical',
        message: `Entered ${fenceName}`,
        acknowledgement: null,
      });
      const tag = `svc:${alarm!.id}`;
      expect((await entered())[0]!.tag).toBe(tag);
      await expect.poll(ringsAtFence, PATIENT).toBeGreaterThan(0);
      const badge = page.getByTestId('alarm-badge');
      await expect.poll(() => badge.getAttribute('class'), PATIENT).toContain('critical');
      await expect(badge.getAttribute('aria-label')).resolves.toMatch(
        /^[\d,]+ unacknowledged, the worst critical$/,
      );

      // The inbox: its row, in the critical group.
      await page.keyboard.press('Escape');
      await alarmsTab(page).click();
      const row = page.locator(`.alarm-row[data-alarm-key="svc:${alarm!.id}"]`);
      await row.waitFor(PATIENT);
      await expect(row.innerText()).resolves.toContain(vehicle);
      await expect(row.getAttribute('class')).resolves.toContain('critical');
      await inBothThemes(page, (theme) => app.screenshot(`alarms-inbox-${theme}`, { docs: true }));

      // The operator acknowledges it here, with a comment.
      await row.hover();
      await row.getByRole('button', { name: 'Acknowledge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge the alarm' });
      await dialog.getByLabel('Comment (optional)').fill('Roadworks crew told, driver rerouted');
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await dialog.waitFor({ state: 'detached', ...PATIENT });
      const operator = app.service.users[0]!.name;
      const acknowledged = new RegExp(
        `^Acknowledged by ${escapeRegExp(operator)} at .+ — Roadworks crew told, driver rerouted$`,
      );
      await row.locator('.ack').filter({ hasText: acknowledged }).waitFor(PATIENT);

      // The service holds who and when, and the second desk follows.
      const [after] = (await api.alarms(`&asset_id=${ahead.assetId}&kind=geofence_enter`)).filter(
        (a) => a.id === alarm!.id,
      );
      expect(after!.acknowledgement).toMatchObject({
        user_id: app.service.users[0]!.id,
        user_name: operator,
        comment: 'Roadworks crew told, driver rerouted',
      });
      const theirs = desk.page.locator(`.alarm-row[data-alarm-key="svc:${alarm!.id}"]`);
      await theirs.locator('.ack').filter({ hasText: acknowledged }).waitFor(PATIENT);

      // Acknowledged is not news: still the one notification for it.
      expect((await app.notifications()).filter((n) => n.tag === tag)).toHaveLength(1);
      expect(app.pageErrors).toEqual([]);
      expect(desk.pageErrors).toEqual([]);
    },
    6 * MINUTE,
  );
});
