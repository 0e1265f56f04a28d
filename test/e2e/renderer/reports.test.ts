import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { PATIENT, startFleetdeskApp, type FleetdeskApp } from './support/fleetdesk-app';
import { assetName, busiestAsset } from './support/fleet-moments';
import { findAndSelectAsset, waitForDemoFleet } from './support/operator';
import { serviceApi } from './support/service-api';
import { readXlsx, sheet, sheetNames, sheetRows } from '../../support/xlsx-file';

const DAY = 86_400_000;
let app: FleetdeskApp;
let saved: string;

beforeAll(async () => {
  app = await startFleetdeskApp({ fleetSize: 20, tickMs: 500 });
  saved = mkdtempSync(join(tmpdir(), 'fleetdesk-e2e-saved-'));
});

// What the screen showed when a test failed is the first thing to look at.
beforeEach(() => {
  onTestFailed(() => app.screenshot('reports-failed'));
});

afterAll(async () => {
  await app?.close();
  if (saved) rmSync(saved, { recursive: true, force: true });
});

/** The browser runs in UTC, so the date fields' calendar days are UTC days. */
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

async function queueTripReport(page: Page, format: 'PDF' | 'Excel', title: string, from: string, to: string) {
  const form = page.getByRole('form', { name: 'New report' });
  await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Trips' });
  await form.getByLabel('From', { exact: true }).fill(from);
  await form.getByLabel('To', { exact: true }).fill(to);
  await form.getByRole('radio', { name: format }).check();
  await form.getByLabel(/^Title/).fill(title);
  await form.getByRole('button', { name: 'Queue report' }).click();
  await page.getByRole('listitem').filter({ hasText: title }).waitFor(PATIENT);
}

/** The row's Save… goes through the core's Save dialog, which the browser shell turns into a download. */
async function saveReport(page: Page, title: string): Promise<string> {
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByText(/^Completed/).waitFor({ timeout: 90_000 });
  const download = page.waitForEvent('download', PATIENT);
  await row.getByRole('button', { name: 'Save…' }).click();
  const file = await download;
  const path = join(saved, file.suggestedFilename());
  await file.saveAs(path);
  // The browser has the file: the list says so in its terms, with no path on the host's disk.
  await page
    .getByRole('status')
    .filter({ hasText: `Downloaded ${file.suggestedFilename()}` })
    .waitFor(PATIENT);
  expect(await row.getByRole('button', { name: 'Show in folder' }).count()).toBe(0);
  return path;
}

describe('reports in Chromium against the local fleet service', () => {
  it('queues a PDF and an Excel trips report for an asset, both complete, and the saved files read back', async () => {
    const { page } = app;
    await waitForDemoFleet(page);
    // The three days before today, all in the past (a report of today could gain a trip between the spreadsheet
    // and the json read to check it), and the asset with the most trips in them: its report has rows to compare.
    const today = Date.parse(day(Date.now()));
    const from = day(today - 3 * DAY);
    const to = day(today - DAY);
    const { assetId } = busiestAsset(app.fleet, Date.parse(from), today);
    const name = assetName(app.fleet, assetId);
    const panel = await findAndSelectAsset(page, name);
    // The asset panel's quick action opens the Reports screen with the asset chosen.
    await panel.getByRole('button', { name: 'Report' }).click();
    const form = page.getByRole('form', { name: 'New report' });
    await form.waitFor(PATIENT);
    await expect.poll(() => form.getByRole('combobox', { name: /^Asset/ }).inputValue(), PATIENT).toBe(name);

    // The picker finds the same asset by typing, as an operator with 10,000 of them would.
    const picker = form.getByRole('combobox', { name: /^Asset/ });
    await picker.fill(name);
    await expect.poll(() => picker.getAttribute('aria-activedescendant'), PATIENT).toBeTruthy();
    await app.screenshot('reports-asset-picker');
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe(name);
    expect(await picker.getAttribute('aria-expanded')).toBe('false');

    await queueTripReport(page, 'PDF', 'E2E trips as PDF', from, to);
    await queueTripReport(page, 'Excel', 'E2E trips as Excel', from, to);
    await app.screenshot('reports-queued');
    const pdf = await saveReport(page, 'E2E trips as PDF');
    const xlsx = await saveReport(page, 'E2E trips as Excel');
    await app.screenshot('reports-completed');

    expect(pdf).toMatch(/\.pdf$/);
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/^Pages:\s+[1-9]/m);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(name);

    // The same report from the service as json: the spreadsheet must hold the same trips.
    const api = serviceApi(app.service, app.operatorToken);
    const reference = await api.jsonReport({
      type: 'trip',
      format: 'json',
      asset_id: assetId,
      date_from: from,
      date_to: to,
    });
    expect(reference.rows.length).toBeGreaterThan(0);

    expect(xlsx).toMatch(/\.xlsx$/);
    const book = await readXlsx(readFileSync(xlsx));
    expect(sheetNames(book)).toEqual(['Summary', 'Trips']);
    const trips = sheetRows(sheet(book, 'Trips'));
    // Headers carry the unit after the label ("Distance (km)"); the columns are the report's, in order.
    const headers = (trips[0] ?? []).map(String);
    expect(headers).toHaveLength(reference.columns.length);
    reference.columns.forEach((c, i) => expect(headers[i]).toMatch(new RegExp(`^${c.label}`)));
    expect(trips.length - 1).toBe(reference.rows.length);
    const summary = sheetRows(sheet(book, 'Summary'));
    expect(summary.flat().join(' ')).toContain(name);
    expect(app.pageErrors).toEqual([]);
  });
});
