import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { history, showCustomRange, shownSummary } from './support/history-screen';
import { assetName, trackerSilence } from './support/fleet-moments';
import { definition, findAndSelectAsset, waitForDemoFleet } from './support/operator';
import { serviceApi } from './support/service-api';

const MINUTE = 60_000;

/** Durations as the History screen words them: "40 s", "3 min", "1 h 05 min", "2 d 3 h". */
function shownDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

let app: FleetdeskApp;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500 });
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('history-gaps-failed'));
});

afterAll(async () => {
  await app?.close();
});

describe('the History screen tells the truth, in Chromium against the local fleet service', () => {
  it('shows a tracker’s silence as "No data", never as a stop; today as "so far"; a time axis and a read-out that moves the map’s cursor', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    // A past silence of the simulated trackers (their offline gaps) of at least 40 minutes, with half an
    // hour of reports either side: longer than any threshold for a tracker reporting every 10–60 s.
    const silence = trackerSilence(app.fleet, Date.now(), 40 * MINUTE, 30 * MINUTE, 5 * MINUTE);
    const name = assetName(app.fleet, silence.assetId);
    const panel = await findAndSelectAsset(page, name);
    await panel.getByRole('button', { name: 'History' }).click();
    const screen = history(page);
    await screen.waitFor(PATIENT);

    // Today ends now: it is "so far", not an amber "Incomplete".
    const coverage = screen.getByTestId('history-coverage');
    await coverage.filter({ hasText: /^Today so far — / }).waitFor(PATIENT);
    expect(await coverage.getAttribute('class')).not.toMatch(/warning/);

    await showCustomRange(page, silence.start, silence.end);
    const shown = await shownSummary(page);
    expect(shown.fixes).toBeGreaterThan(1);

    // The service's own fixes (ends inclusive; the app's view is [start, end)): the silence is the one
    // long interval between two of them.
    const api = serviceApi(app.service, app.operatorToken);
    const fixes = (await api.history(silence.assetId, silence.start, silence.end)).filter(
      (f) => Date.parse(f.timestamp) < silence.end,
    );
    const times = fixes.map((f) => Date.parse(f.timestamp));
    let widest = 0;
    for (let i = 1; i < times.length; i++)
      if (times[i]! - times[i - 1]! > times[widest + 1]! - times[widest]!) widest = i - 1;
    const silentMs = times[widest + 1]! - times[widest]!;
    expect(silentMs).toBeGreaterThanOrEqual(40 * MINUTE);
    // Every other interval is the tracker's own, well under the gap threshold.
    for (let i = 1; i < times.length; i++)
      if (i !== widest + 1) expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(MINUTE);
    // Stopped time, worked out here: each interval whose opening fix reports speed 0 (or none), but not the silence.
    let stoppedMs = 0;
    for (let i = 0; i + 1 < fixes.length; i++)
      if (i !== widest && !((fixes[i]!.speed ?? 0) > 0)) stoppedMs += times[i + 1]! - times[i]!;

    const summary = screen.getByLabel('Summary', { exact: true });
    expect(await definition(summary, 'No data').innerText()).toBe(shownDuration(silentMs));
    expect(await definition(summary, 'Stopped').innerText()).toBe(shownDuration(stoppedMs));
    // No stop in the list lasts as long as the silence.
    const durations = await screen.locator('.stops .dur').allInnerTexts();
    expect(durations).not.toContain(shownDuration(silentMs));
    // The map draws the silence as a "No data" connector with its duration, and its labels never overlap.
    const map = screen.getByTestId('history-map');
    await expect
      .poll(async () => (await map.getAttribute('data-track-labels')) ?? '', PATIENT)
      .toContain(`No data ${shownDuration(silentMs)}`);
    const labelsApart = async (): Promise<boolean> => {
      const labels = JSON.parse((await map.getAttribute('data-track-labels')) ?? '[]') as {
        left: number;
        top: number;
        width: number;
      }[];
      return labels.every((p, a) =>
        labels
          .slice(a + 1)
          .every(
            (q) => p.left + p.width <= q.left || q.left + q.width <= p.left || Math.abs(p.top - q.top) >= 16,
          ),
      );
    };
    expect(await labelsApart()).toBe(true);
    // Zoomed out, stops crowd together: the labels are placed again, still apart.
    // One step at a time: Leaflet drops a zoom asked for while the previous one still animates, so a second
    // quick click may or may not count and the way back would end at another zoom.
    const zoomOnce = async (name: 'Zoom in' | 'Zoom out'): Promise<void> => {
      const before = await map.getAttribute('data-track-labels');
      await screen.getByRole('button', { name }).click();
      await expect.poll(() => map.getAttribute('data-track-labels'), PATIENT).not.toBe(before);
    };
    const drawnBefore = await map.getAttribute('data-track-labels');
    await zoomOnce('Zoom out');
    await zoomOnce('Zoom out');
    expect(await labelsApart()).toBe(true);
    await zoomOnce('Zoom in');
    await zoomOnce('Zoom in');
    // Back at the first zoom, the same labels sit as they did relative to one another (the view itself may
    // have moved a pixel or two: Leaflet rounds the map's pixel origin at each zoom).
    const layout = (json: string | null): { text: string; dx: number; dy: number }[] => {
      const labels = JSON.parse(json ?? '[]') as { text: string; left: number; top: number }[];
      return labels.map((l) => ({
        text: l.text,
        dx: Math.round(l.left - labels[0]!.left),
        dy: Math.round(l.top - labels[0]!.top),
      }));
    };
    await expect
      .poll(async () => layout(await map.getAttribute('data-track-labels')), PATIENT)
      .toEqual(layout(drawnBefore));

    // The speed chart's time axis: clock times at one even step, left to right.
    const chart = screen.getByTestId('speed-chart');
    const ticks = chart.getByTestId('chart-axis').locator('li');
    expect(await ticks.count()).toBeGreaterThanOrEqual(3);
    const tickTimes = (await ticks.evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute('data-time'))),
    )) as number[];
    const steps = new Set(tickTimes.slice(1).map((t, i) => t - tickTimes[i]!));
    expect(steps.size).toBe(1);
    expect([5, 10, 15, 30, 60].map((m) => m * MINUTE)).toContain([...steps][0]);
    for (const label of await ticks.allInnerTexts())
      expect(label).toMatch(/^(\d{2}:\d{2}( [AP]M)?|\w{3} \d{1,2})$/);

    // Pointing at the chart reads out the time and speed there and puts a ring on the map at that moment:
    // at a fix where the asset drives, then at the fix farthest from there.
    const box = (await chart.boundingBox())!;
    const xAt = (t: number): number =>
      box.x + 1 + ((t - times[0]!) / (times.at(-1)! - times[0]!)) * (box.width - 2);
    // Fixes away from the silence's ends, so that a pixel's rounding never points into the silence (no ring there).
    const inside = (i: number): boolean => i > 0 && i < fixes.length - 1 && i !== widest && i !== widest + 1;
    const driving = fixes.findIndex((f, i) => inside(i) && (f.speed ?? 0) > 0);
    expect(driving).toBeGreaterThanOrEqual(0);
    const far = (i: number): number =>
      inside(i)
        ? Math.hypot(
            fixes[i]!.latitude - fixes[driving]!.latitude,
            fixes[i]!.longitude - fixes[driving]!.longitude,
          )
        : -1;
    const farthest = fixes.reduce((best, _f, i) => (far(i) > far(best) ? i : best), driving);
    const readout = screen.getByTestId('chart-readout');
    const ring = page.locator('.hover-cursor');
    await page.mouse.move(xAt(times[driving]!), box.y + box.height / 2);
    await readout.waitFor(PATIENT);
    expect(await readout.innerText()).toMatch(/ · (\d+ km\/h|No data)$/);
    await ring.waitFor(PATIENT);
    const first = { time: await readout.getAttribute('data-time'), at: (await ring.boundingBox())! };
    expect(await ring.getAttribute('data-time')).toBe(first.time);
    await app.screenshot('history-chart-hover');
    await page.mouse.move(xAt(times[farthest]!), box.y + box.height / 2);
    await expect.poll(() => readout.getAttribute('data-time'), PATIENT).not.toBe(first.time);
    await expect
      .poll(async () => {
        const at = await ring.boundingBox();
        return at ? Math.hypot(at.x - first.at.x, at.y - first.at.y) : 0;
      }, PATIENT)
      .toBeGreaterThan(3);
    expect(await ring.getAttribute('data-time')).toBe(await readout.getAttribute('data-time'));

    // Pointing at the track where the ring was moves the chart's cursor there.
    await page.mouse.move(first.at.x + first.at.width / 2, first.at.y + first.at.height / 2);
    await chart.locator('.cursor.hover').waitFor(PATIENT);
    // The map answers with the time of the fix under the pointer: one of the service's own.
    await expect
      .poll(async () => times.includes(Number(await readout.getAttribute('data-time'))), PATIENT)
      .toBe(true);

    // The map moved under the pointer at rest (an arrow key pans it 80 px): the chart follows what is under
    // the pointer once the pan has ended, and shows the same fix again once the map is back. (Leaflet takes
    // no arrow key while a pan runs: each wait below ends only after the pan's end.)
    const hovered = await readout.getAttribute('data-time');
    const hoverCursor = chart.locator('.cursor.hover');
    /** The read-out's time, or null without one: read without waiting for it (it goes with the hover). */
    const readTime = (): Promise<string | null> =>
      page.evaluate<string | null>(
        `document.querySelector('[data-testid="chart-readout"]')?.getAttribute('data-time') ?? null`,
      );
    await map.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(readTime, PATIENT).not.toBe(hovered);
    await page.keyboard.press('ArrowDown');
    await expect.poll(readTime, PATIENT).toBe(hovered);
    await hoverCursor.waitFor(PATIENT);

    // The chart takes the keyboard: focused, its arrows move the replay clock.
    const clock = screen.getByTestId('replay-time');
    const before = await clock.innerText();
    await screen.getByTestId('scrubber').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => clock.innerText(), PATIENT).not.toBe(before);

    // docs/: the silence and the chart's axis with its read-out, in both themes (FLEETDESK_DOCS_SCREENSHOTS=1).
    await screen.getByTestId('scrubber').blur();
    for (const theme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator(`html[data-theme="${theme}"]`).waitFor(PATIENT);
      await page.mouse.move(xAt(times[driving]!), box.y + box.height / 2);
      await ring.waitFor(PATIENT);
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      await app.screenshot(`history-gap-${theme}`, { docs: true });
    }
    expect(app.pageErrors).toEqual([]);
  });
});
