import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { collectRendererState, placesHolding } from './support/renderer-state';

let browser: Browser;
let page: Page;
const token = randomBytes(24).toString('base64url');

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await (await browser.newContext()).newPage();
  // An origin of its own: storage and IndexedDB refuse opaque origins such as about:blank.
  await page.route('http://renderer.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><div id="app" data-v-app></div><input id="field">',
    }),
  );
  await page.goto('http://renderer.test/');
});

/** Places a value somewhere in the page, as a careless renderer might keep it. */
const plant = (where: string, value: string): Promise<void> =>
  page.evaluate(
    async ([w, v]) => {
      const g = globalThis as unknown as Record<string, unknown> & {
        localStorage: { setItem(k: string, v: string): void };
        sessionStorage: { setItem(k: string, v: string): void };
        indexedDB: {
          open(n: string): {
            result: unknown;
            onupgradeneeded: (() => void) | null;
            onsuccess: (() => void) | null;
          };
        };
        document: { getElementById(id: string): Record<string, unknown> };
      };
      if (w === 'localStorage') g.localStorage.setItem('session', JSON.stringify({ token: v }));
      if (w === 'sessionStorage') g.sessionStorage.setItem('t', v);
      if (w === 'window') g['__state'] = { deep: { deeper: [{ auth: `Bearer ${v}` }] } };
      if (w === 'Pinia state')
        g.document.getElementById('app')['__vue_app__'] = {
          config: { globalProperties: { $pinia: { state: { value: { session: { token: v } } } } } },
        };
      if (w === 'input values') g.document.getElementById('field')['value'] = v;
      if (w === 'IndexedDB') {
        type Db = {
          createObjectStore(n: string): unknown;
          transaction(
            n: string,
            m: string,
          ): {
            objectStore(n: string): { put(v: unknown, k: string): void };
            oncomplete: (() => void) | null;
          };
        };
        const open = g.indexedDB.open('cache');
        open.onupgradeneeded = () => (open.result as Db).createObjectStore('kv');
        await new Promise<void>((resolve) => {
          open.onsuccess = () => {
            const tx = (open.result as Db).transaction('kv', 'readwrite');
            tx.objectStore('kv').put({ secret: v }, 'session');
            tx.oncomplete = () => resolve();
          };
        });
      }
    },
    [where, value] as const,
  );

describe('looking for a secret in the renderer', () => {
  it('finds nothing in a page that never saw it', async () => {
    expect(placesHolding(await collectRendererState(page), token)).toEqual([]);
  });

  it.each([
    ['localStorage', 'localStorage'],
    ['sessionStorage', 'sessionStorage'],
    ['IndexedDB', 'IndexedDB cache/kv'],
    ['window', 'window'],
    ['Pinia state', 'Pinia state'],
    ['input values', 'input values'],
  ])('finds it kept in %s', async (where, place) => {
    await plant(where, token);
    expect(placesHolding(await collectRendererState(page), token)).toContain(place);
  });
});
