import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { waitForDemoFleet } from './support/operator';

let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 5, tickMs: 2_000 });
});

afterAll(async () => {
  await app?.close();
});

describe("the page's unhandled errors", () => {
  it("reach main's log, and the operator is told once that the screen broke", async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    // A string, not a callback: this file is type-checked without the DOM library.
    await page.evaluate(`(() => {
      setTimeout(() => { throw new TypeError('e2e: thrown by a timer'); }, 0);
      void Promise.reject(new RangeError('e2e: nobody caught this'));
    })()`);

    const reported = (): string[] => app.logs.filter((line) => line.includes('e2e: '));
    await expect.poll(() => reported().length, PATIENT).toBe(2);
    expect(reported()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^error Renderer error \(error\)( at [^\n]*)?: TypeError: e2e: thrown by a timer\n {4}at /,
        ),
        expect.stringMatching(
          /^error Renderer error \(unhandledrejection\): RangeError: e2e: nobody caught this\n {4}at /,
        ),
      ]),
    );
    const notices = page.getByRole('list', { name: 'Notices' });
    await notices.getByText(/^Something went wrong on this screen\./).waitFor(PATIENT);
    expect(await notices.getByText(/^Something went wrong on this screen\./).count()).toBe(1);
    // Chromium saw both as uncaught: the reporting leaves the page's own handling alone.
    expect(app.pageErrors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('e2e: thrown by a timer'),
        expect.stringContaining('e2e: nobody caught this'),
      ]),
    );
  });
});
