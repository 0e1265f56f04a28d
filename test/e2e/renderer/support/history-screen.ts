import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PATIENT } from './fleetdesk-app';
import { definition } from './operator';

/** datetime-local's value for an instant; the browser runs in UTC (startFleetdeskApp). */
export const utcInput = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

export const history = (page: Page): Locator => page.getByRole('region', { name: 'History and replay' });

/**
 * Custom range on the History screen, then Show; resolves once the screen has the range's answer. Until
 * then the summary still holds the range shown before (today's, after the asset panel's quick action),
 * marked busy: read at once, its figures are another range's, and a slow answer mixes the two.
 */
export async function showCustomRange(page: Page, start: number, end: number): Promise<void> {
  const screen = history(page);
  await screen.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Custom' }).click();
  await screen.getByLabel('From', { exact: true }).fill(utcInput(start));
  await screen.getByLabel('To', { exact: true }).fill(utcInput(end));
  const summary = screen.getByLabel('Summary', { exact: true });
  await screen.getByRole('button', { name: 'Show' }).click();
  // Show's handler marks the summary busy before the click returns (the store's load sets it first thing).
  await summary.and(page.locator('[aria-busy="false"]')).waitFor(PATIENT);
}

export interface ShownSummary {
  readonly fixes: number;
  readonly distanceKm: number;
  readonly maxSpeed: number | null;
}

const number = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

/** The summary as the screen shows it: "12.3 km odometer", "87 km/h", "1,234". */
export async function shownSummary(page: Page): Promise<ShownSummary> {
  const summary = history(page).getByLabel('Summary', { exact: true });
  const fixes = definition(summary, 'Fixes');
  await fixes.filter({ hasText: /\d/ }).waitFor(PATIENT);
  const distance = (await definition(summary, 'Distance').innerText()).match(/^[\d,.]+ km/)?.[0] ?? '';
  const maxSpeed = await definition(summary, 'Max speed').innerText();
  return {
    fixes: number(await fixes.innerText()),
    distanceKm: number(distance),
    maxSpeed: maxSpeed === '—' ? null : number(maxSpeed),
  };
}

/** Replay at the given speed until the clock reaches the end of the track and the button offers Play again. */
export async function replayToEnd(page: Page, speed: string): Promise<void> {
  const screen = history(page);
  await screen.getByRole('group', { name: 'Replay speed' }).getByRole('button', { name: speed }).click();
  await screen.locator('[aria-pressed="true"]', { hasText: speed }).waitFor(PATIENT);
  const clock = screen.getByTestId('replay-time');
  const startedAt = await clock.innerText();
  await screen.getByRole('button', { name: 'Play (Space)' }).click();
  await screen.getByRole('button', { name: 'Pause (Space)' }).waitFor(PATIENT);
  await expect.poll(() => clock.innerText(), PATIENT).not.toBe(startedAt);
  await screen.getByRole('button', { name: 'Play (Space)' }).waitFor({ timeout: 60_000 });
}

/** Play at the given speed until the replay clock has moved on twice, then pause. */
export async function playAWhile(page: Page, speed: string): Promise<void> {
  const screen = history(page);
  await screen.getByRole('group', { name: 'Replay speed' }).getByRole('button', { name: speed }).click();
  const clock = screen.getByTestId('replay-time');
  await screen.getByRole('button', { name: 'Play (Space)' }).click();
  for (let step = 0; step < 2; step++) {
    const shown = await clock.innerText();
    await expect.poll(() => clock.innerText(), PATIENT).not.toBe(shown);
  }
  await screen.getByRole('button', { name: 'Pause (Space)' }).click();
  await screen.getByRole('button', { name: 'Play (Space)' }).waitFor(PATIENT);
}
