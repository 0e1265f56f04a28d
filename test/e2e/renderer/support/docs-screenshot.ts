import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './fleetdesk-app';

const DOCS = join(process.cwd(), 'docs');

/**
 * A screenshot the README shows: always kept with the other screenshots of the run, and copied to
 * docs/screenshot-<name>.png when the run is asked to (FLEETDESK_DOCS_SCREENSHOTS=1), so that an ordinary
 * test run leaves the repository as it was.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `docs-${name}.png`);
  await page.screenshot({ path });
  if (process.env.FLEETDESK_DOCS_SCREENSHOTS === '1')
    copyFileSync(path, join(DOCS, `screenshot-${name}.png`));
}
