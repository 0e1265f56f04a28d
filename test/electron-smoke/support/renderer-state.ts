import type { Page } from 'playwright-core';

/** One place in the renderer where data can live, with everything found there as text. */
export interface RendererPlace {
  readonly place: string;
  readonly text: string;
}

/** The little of the page's globals read here (these files compile without the DOM library). */
interface PageGlobals {
  readonly localStorage: {
    readonly length: number;
    key(i: number): string | null;
    getItem(k: string): string | null;
  };
  readonly sessionStorage: PageGlobals['localStorage'];
  readonly indexedDB: {
    databases(): Promise<{ name?: string }[]>;
    open(name: string): { onsuccess: (() => void) | null; onerror: (() => void) | null; result: IdbDatabase };
  };
  readonly document: {
    readonly cookie: string;
    readonly documentElement: { readonly outerHTML: string };
    querySelectorAll(selector: string): ArrayLike<{ value?: unknown; __vue_app__?: unknown }>;
  };
  readonly caches?: { keys(): Promise<string[]> };
}
interface IdbDatabase {
  readonly objectStoreNames: ArrayLike<string>;
  transaction(store: string): {
    objectStore(store: string): {
      getAll(): { onsuccess: (() => void) | null; onerror: (() => void) | null; result: unknown };
    };
  };
  close(): void;
}

/**
 * Everything the renderer holds, as text: its window's own properties and
 * the Vue app's Pinia state walked deep, localStorage, sessionStorage, every
 * IndexedDB record, Cache Storage names, cookies, the DOM and the values of
 * its inputs. A secret that main keeps to itself must appear in none of them.
 */
export function collectRendererState(page: Page): Promise<RendererPlace[]> {
  return page.evaluate(async (): Promise<RendererPlace[]> => {
    const g = globalThis as unknown as PageGlobals & Record<string, unknown>;
    const places: RendererPlace[] = [];

    // Any value reachable from a root, as text: strings, numbers and keys, objects walked once each.
    const walk = (root: unknown, budget: { left: number }): string => {
      const out: string[] = [];
      const seen = new Set<unknown>();
      const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
      while (stack.length > 0 && budget.left-- > 0) {
        const { value, depth } = stack.pop()!;
        if (typeof value === 'string') out.push(value);
        else if (typeof value === 'number' || typeof value === 'bigint') out.push(String(value));
        else if (
          value !== null &&
          (typeof value === 'object' || typeof value === 'function') &&
          !seen.has(value)
        ) {
          seen.add(value);
          if (depth >= 12) continue;
          let keys: string[];
          try {
            keys = Object.getOwnPropertyNames(value);
          } catch {
            continue;
          }
          for (const key of keys) {
            out.push(key);
            try {
              // Data properties only: the platform's accessors (WebSocketStream.prototype.opened…) answer a
              // bare prototype with rejected promises, which the page would report as uncaught errors.
              const held = Object.getOwnPropertyDescriptor(value, key);
              if (held && 'value' in held) stack.push({ value: held.value, depth: depth + 1 });
            } catch {
              // A revoked proxy or a cross-origin frame holds nothing for us.
            }
          }
        }
      }
      return out.join('\n');
    };

    const storage = (s: PageGlobals['localStorage']): string => {
      const out: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (key !== null) out.push(key, s.getItem(key) ?? '');
      }
      return out.join('\n');
    };
    places.push({ place: 'localStorage', text: storage(g.localStorage) });
    places.push({ place: 'sessionStorage', text: storage(g.sessionStorage) });

    const request = <T>(r: {
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
      result: T;
    }): Promise<T> =>
      new Promise((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(new Error('IndexedDB request failed'));
      });
    for (const { name } of await g.indexedDB.databases()) {
      if (!name) continue;
      const db = await request(g.indexedDB.open(name));
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await request(db.transaction(store).objectStore(store).getAll());
        places.push({ place: `IndexedDB ${name}/${store}`, text: JSON.stringify(records) });
      }
      db.close();
    }
    places.push({ place: 'Cache Storage', text: g.caches ? (await g.caches.keys()).join('\n') : '' });
    places.push({ place: 'cookies', text: g.document.cookie });
    places.push({ place: 'DOM', text: g.document.documentElement.outerHTML });
    places.push({
      place: 'input values',
      text: Array.from(g.document.querySelectorAll('input, textarea, select'))
        .map((el) => String(el.value ?? ''))
        .join('\n'),
    });

    const budget = { left: 2_000_000 };
    // Pinia's state first, by name: the window walk below may run out of budget in Vue's component tree.
    for (const el of Array.from(g.document.querySelectorAll('[data-v-app]'))) {
      const app = el.__vue_app__ as { config?: { globalProperties?: Record<string, unknown> } } | undefined;
      const pinia = app?.config?.globalProperties?.['$pinia'] as { state?: { value?: unknown } } | undefined;
      places.push({ place: 'Pinia state', text: walk(pinia?.state?.value, budget) });
      places.push({ place: 'Vue app', text: walk(app, budget) });
    }
    places.push({ place: 'window', text: walk(g, budget) });
    return places;
  });
}

/** The places that hold `secret`; empty when the renderer never saw it. */
export function placesHolding(places: readonly RendererPlace[], secret: string): string[] {
  return places.filter((p) => p.text.includes(secret)).map((p) => p.place);
}
