import type { Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { openMonth } from '../../../bench/history/electron-mode';
import { ASSET, monthScenario, WARM_PER_RUN } from '../../../bench/history/month-scenario';
import { operatorOf } from '../../../src/main/demo/demo-of-service';
import { PARCEL_MIN_BYTES } from '../../../src/main/browser-shell/reply-parcels';
import { PARCEL_PATH } from '../../../src/shared/ipc/socket-frames';
import { startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';

// bench:history --electron runs only where Electron is installed (hosted CI's long runs); its page
// flow is the browser shell's page too, so here it is kept working on every run.
let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500 });
});

beforeEach(() => {
  onTestFailed(() => app.screenshot('history-bench-flow-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe("bench:history --electron's page flow, in the browser shell", () => {
  it('signs in with a token, shows a month cold from the service and then warm from the cache, each timed to its frame', async () => {
    const operator = operatorOf(app.service);
    const month = await monthScenario(app.service, operator.token);
    // Each month reaches the page as a parcel it fetches (reply-parcels.ts), not on the socket.
    const reads: Promise<{ status: number; bytes: number }>[] = [];
    const onResponse = (res: Response): void => {
      if (!new URL(res.url()).pathname.startsWith(PARCEL_PATH)) return;
      reads.push(res.body().then((body) => ({ status: res.status(), bytes: body.byteLength })));
    };
    app.page.on('response', onResponse);
    const opens = await openMonth(app.page, app.service, operator, app.tiles.template, month);
    app.page.off('response', onResponse);
    const parcels = await Promise.all(reads);

    expect(opens.cold.detail).toMatchObject({
      assetId: ASSET,
      start: month.start,
      end: month.end,
      source: 'network',
    });
    expect(opens.warm.map((o) => o.detail.source)).toEqual(Array<string>(WARM_PER_RUN).fill('cache'));
    for (const o of [opens.cold, ...opens.warm]) {
      expect(o.detail.points).toBe(opens.cold.detail.points);
      expect(o.drawnAt).toBeGreaterThan(o.click!);
      expect(o.frameAt).toBeGreaterThanOrEqual(o.drawnAt);
    }
    expect(parcels.length).toBeGreaterThanOrEqual(1 + WARM_PER_RUN);
    for (const p of parcels) expect(p).toEqual({ status: 200, bytes: expect.any(Number) });
    expect(Math.min(...parcels.map((p) => p.bytes))).toBeGreaterThanOrEqual(PARCEL_MIN_BYTES);
  });
});
