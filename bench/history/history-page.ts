import type { Locator, Page } from 'playwright-core';
import { ARM_PROBE, PROBE_DONE, probeResultSchema, type ProbeResult } from './page-probe';

/** The shared, busy machine: wait for what the page shows rather than race it. */
export const PATIENT = { timeout: 60_000 };

/** The browser's datetime-local value for an instant; the bench's pages run in UTC. */
const utcInput = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/**
 * The History screen as bench:history drives it, the operator's way, in the browser shell and in
 * Electron alike: the same clicks, and the page probe (page-probe.ts) timing them on the page's clock.
 */
export class HistoryPage {
  private constructor(readonly page: Page) {}

  /** Opens the History screen from the shell's navigation. */
  static async open(page: Page): Promise<HistoryPage> {
    const tab = page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' });
    await tab.click(PATIENT);
    await tab.and(page.locator('[aria-current="page"]')).waitFor(PATIENT);
    return new HistoryPage(page);
  }

  get screen(): Locator {
    return this.page.getByRole('region', { name: 'History and replay' });
  }

  async fillRange(start: number, end: number): Promise<void> {
    const custom = this.screen.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Custom' });
    if ((await custom.getAttribute('aria-pressed')) !== 'true') await custom.click();
    await this.screen.getByLabel('From', { exact: true }).fill(utcInput(start));
    await this.screen.getByLabel('To', { exact: true }).fill(utcInput(end));
  }

  async chooseAsset(name: string): Promise<void> {
    await this.screen.getByRole('combobox', { name: /^Asset/ }).fill(name);
    await this.screen
      .getByRole('option')
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .click();
  }

  clickShow(): Promise<void> {
    return this.screen.getByRole('button', { name: 'Show' }).click();
  }

  /** Arms the page's probe, does the operator's action, and waits for the drawn track and its frame. */
  async timed(action: () => Promise<void>): Promise<ProbeResult> {
    await this.page.evaluate(ARM_PROBE);
    await action();
    return probeResultSchema.parse(await this.page.evaluate(PROBE_DONE));
  }
}
