import type { z } from 'zod';
import type { CachedList, RecordFamily } from '../../../shared/ipc/fleet-admin-views';
import type { FleetAdminApi } from '../api/fleet-admin-api';
import { WHOLE } from '../cache/record-cache-store';
import type { AdminContext } from './admin-context';
import { readThrough } from './service-calls';

/**
 * One family's lists: from the service, stored as they arrive (a list
 * replaces what it covers), or from the cache with its age. Cached rows are
 * parsed again with the family's schema; one that no longer parses is left out.
 */
export interface ListCache<T extends { readonly id: number }> {
  /** `part`: the asset or tracker the list is fetched by; WHOLE: the family. */
  list(part: number, fetch: (api: FleetAdminApi) => Promise<T[]>): Promise<CachedList<T>>;
  /** The service confirmed a write: the cache shows it at once, online or not. */
  put(item: T): void;
  drop(id: number): void;
  /** What the cache holds, without asking the service (e.g. a group's members before a change). */
  cached(part: number): CachedList<T>;
}

export function createListCache<S extends z.ZodType<{ readonly id: number }>>(
  ctx: AdminContext,
  family: RecordFamily,
  schema: S,
  partOf: (item: z.output<S>) => number,
): ListCache<z.output<S>> {
  type T = z.output<S>;
  const read = (scope: string, part: number, fromCache: boolean): CachedList<T> => {
    const stored = ctx.records.read(scope, family, part);
    const items = stored.json.flatMap((json): T[] => {
      const parsed = schema.safeParse(json);
      return parsed.success ? [parsed.data] : [];
    });
    return { items, fetchedAt: stored.fetchedAt, fromCache };
  };
  return {
    list(part, fetch) {
      return readThrough(
        ctx,
        async (api, scope) => {
          const items = await fetch(api);
          const fetchedAt = ctx.records.replaceList(
            scope,
            family,
            part,
            items.map((item) => ({ id: item.id, part: part === WHOLE ? partOf(item) : part, json: item })),
          );
          return { items, fetchedAt, fromCache: false };
        },
        (scope) => read(scope, part, true),
      );
    },
    put(item) {
      const scope = ctx.scope();
      if (scope !== null) ctx.records.put(scope, family, item.id, partOf(item), item);
    },
    drop(id) {
      const scope = ctx.scope();
      if (scope !== null) ctx.records.remove(scope, family, id);
    },
    cached(part) {
      const scope = ctx.scope();
      return scope === null ? { items: [], fetchedAt: null, fromCache: true } : read(scope, part, true);
    },
  };
}
