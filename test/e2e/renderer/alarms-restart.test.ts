import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import type { Alarm } from '../../../src/shared/interface';
import type { Fleet } from '../../../src/server/sim/types';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { signInWithToken, waitForDemoFleet } from './support/operator';
import { serviceApi } from './support/service-api';

const MINUTE = 60_000;
/** The fleet-wide rule the test writes: any vehicle moving off raises (the city's roads are 30–70 km/h). */
const MOVING_OFF_KMH = 5;
const FLEET_SIZE = 8;
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: FLEET_SIZE, tickMs: 500 });
  await waitForDemoFleet(app.page);
});
beforeEach(() => {
  onTestFailed(() => app.screenshot('alarms-restart-failed'));
});
afterAll(async () => {
  await app?.close();
});

/**
 * The first fix after `from` at which one of `assetIds` moves off (over the threshold after a fix that was
 * not): an overspeed rule raises there, once per episode ("Alarms and geofences", docs/interface-decisions.md).
 */
function firstMoveOff(fleet: Fleet, from: number, assetIds: readonly number[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const id of assetIds) {
    const fixes = fleet.history(id, from, from + 8 * 24 * 60 * MINUTE);
    const i = fixes.findIndex(
      (f, k) => k > 0 && f.speed > MOVING_OFF_KMH && fixes[k - 1]!.speed <= MOVING_OFF_KMH,
    );
    if (i > 0) first = Math.min(first, fixes[i]!.t);
  }
  if (!Number.isFinite(first))
    throw new Error(
      `None of assets ${assetIds.join(', ')} moves off in the eight days after ${new Date(from).toISOString()}.`,
    );
  return first;
}

/**
 * Every alarm row of the inbox and the list positions it is drawn at, scrolled through from top to bottom:
 * the list is virtualised, so only the rows in view exist at any moment. A key at two positions is an
 * alarm shown twice.
 */
async function inboxRows(page: Page): Promise<Map<string, Set<string>>> {
  const list = page.getByRole('listbox', { name: 'Alarms, newest first' });
  await list.waitFor(PATIENT);
  const seen = new Map<string, Set<string>>();
  for (let top = 0; ;) {
    const view = await list.evaluate((el, at) => {
      // This file is type-checked without the DOM library: the page's frame callback, as the page has it.
      const nextFrame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void })
        .requestAnimationFrame;
      el.scrollTop = at;
      // Two frames: the virtualiser hears the scroll, then Vue draws the rows it picked.
      return new Promise<{ rows: [string, string][]; top: number; end: boolean }>((resolve) =>
        nextFrame(() =>
          nextFrame(() =>
            resolve({
              rows: [...el.querySelectorAll('.alarm-row[data-alarm-key]')].map((r) => [
                r.getAttribute('data-alarm-key')!,
                r.id,
              ]),
              top: el.scrollTop,
              end: el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
            }),
          ),
        ),
      );
    }, top);
    for (const [key, at] of view.rows) seen.set(key, (seen.get(key) ?? new Set()).add(at));
    if (view.end) return seen;
    top = view.top + (await list.evaluate((el) => el.clientHeight)) / 2;
  }
}

/** The ready line's second user: a dispatcher with a few assets. */
const restrictedUser = () => app.service.users[1]!;
function restrictedAssets(): readonly number[] {
  const ids = restrictedUser().asset_ids;
  if (!ids) throw new Error("The ready line's second user is not restricted to some assets.");
  return ids;
}

const keyOf = (a: Alarm): string => `svc:${a.id}`;

describe('alarms across a restart of the service and for a restricted user, in Chromium against the local service', () => {
  it(
    'shows every alarm the service back-filled for the time it was stopped, each once',
    async () => {
      const { page } = app;
      const api = serviceApi(app.service, app.operatorToken);
      const res = await fetch(`${app.service.api_url}/api/${app.service.account_key}/alert`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.operatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Moving off',
          kind: 'overspeed',
          asset_id: null,
          threshold: MOVING_OFF_KMH,
          severity: 'info',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      await page.keyboard.press('5');
      await page.getByRole('listbox', { name: 'Alarms, newest first' }).waitFor(PATIENT);

      // While it is stopped the fleet goes on: its clock runs past moments at which a vehicle of the restricted
      // user (the ready line's second) and another one move off, so alarms of both exist only through the
      // restart's back-fill.
      const mine = restrictedAssets();
      const stoppedAt = app.serviceNow();
      await app.stopService();
      const others = app.fleet.assets.map((a) => a.id).filter((id) => !mine.includes(id));
      const gapEnd =
        Math.max(firstMoveOff(app.fleet, stoppedAt, mine), firstMoveOff(app.fleet, stoppedAt, others)) +
        MINUTE;
      app.runClockTo({ at: gapEnd });
      await app.restartService();

      const since = `&since=${encodeURIComponent(new Date(stoppedAt).toISOString())}`;
      const backFilled = await api.alarms(since);
      expect(backFilled.some((a) => mine.includes(a.asset_id))).toBe(true);
      expect(backFilled.some((a) => !mine.includes(a.asset_id))).toBe(true);

      // The app reconnects by itself and catches up: every one of them in the inbox, none twice.
      const missing = async (): Promise<string[]> => {
        const rows = await inboxRows(page);
        return backFilled.map(keyOf).filter((k) => !rows.has(k));
      };
      await expect.poll(missing, PATIENT).toEqual([]);
      const rows = await inboxRows(page);
      const twice = [...rows].filter(([, at]) => at.size > 1).map(([key]) => key);
      expect(twice).toEqual([]);
      // Nothing the service does not list: every row is an alarm of its feed (read after the rows).
      const feed = new Set((await api.alarms()).map(keyOf));
      expect([...rows.keys()].filter((k) => !feed.has(k))).toEqual([]);
      await app.screenshot('alarms-after-restart');
      expect(app.pageErrors).toEqual([]);
    },
    4 * MINUTE,
  );

  it('shows a restricted user only their assets’ alarms while the service holds others’', async () => {
    const { page } = app;
    const user = restrictedUser();
    const mine = restrictedAssets();
    const everyone = serviceApi(app.service, app.operatorToken);
    const theirs = serviceApi(app.service, user.token);
    await signInWithToken(page, app.service, user);
    await page.keyboard.press('5');

    // Their inbox fills with what their feed lists…
    const own = await theirs.alarms();
    expect(own.length).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const rows = await inboxRows(page);
        return own.map(keyOf).filter((k) => !rows.has(k));
      }, PATIENT)
      .toEqual([]);
    // …and holds nothing else, though the service holds other assets' alarms raised before it was read.
    const shown = [...(await inboxRows(page)).keys()];
    const all = new Map((await everyone.alarms()).map((a) => [keyOf(a), a]));
    expect([...all.values()].filter((a) => !mine.includes(a.asset_id)).length).toBeGreaterThan(0);
    expect(shown.filter((k) => !mine.includes(all.get(k)?.asset_id ?? -1))).toEqual([]);
    await app.screenshot('alarms-restricted');
    expect(app.pageErrors).toEqual([]);
  });
});
