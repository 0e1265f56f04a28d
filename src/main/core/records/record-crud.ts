import type { z } from 'zod';
import type { CachedList, RecordFamily } from '../../../shared/ipc/fleet-admin-views';
import type { RecordPath } from '../api/records-api';
import { WHOLE } from '../cache/record-cache-store';
import type { AdminContext } from './admin-context';
import { createListCache, type ListCache } from './list-cache';
import { write } from './service-calls';

/**
 * A records family of docs/service-interface.md §4.3 (groups, reminders,
 * fuel and odometer entries): list through the cache, and writes that are
 * made now or refused, each followed by records.changed.
 */
export interface RecordCrud<B extends z.ZodType, T extends { readonly id: number }> {
  list(assetId?: number): Promise<CachedList<T>>;
  create(body: z.input<B>): Promise<T>;
  replace(id: number, body: z.input<B>): Promise<T>;
  remove(id: number): Promise<void>;
  readonly cache: ListCache<T>;
}

export function createRecordCrud<B extends z.ZodType, R extends z.ZodType<{ readonly id: number }>>(
  ctx: AdminContext,
  family: RecordFamily,
  res: RecordPath<B, R>,
  /** The asset a record is listed under (`?asset_id=`); 0 for records of several assets (groups). */
  partOf: (record: z.output<R>) => number,
): RecordCrud<B, z.output<R>> {
  type T = z.output<R>;
  const cache = createListCache(ctx, family, res.record, partOf);
  const changed = (record: T | null): void => {
    const part = record === null ? 0 : partOf(record);
    ctx.changed(part > 0 ? { family, assetId: part } : { family });
  };
  return {
    cache,
    list: (assetId) =>
      cache.list(assetId ?? WHOLE, (api) => api.records.list(res, assetId === undefined ? {} : { assetId })),
    async create(body) {
      const record = await write(ctx, (api) => api.records.create(res, body));
      cache.put(record);
      changed(record);
      return record;
    },
    async replace(id, body) {
      const record = await write(ctx, (api) => api.records.replace(res, id, body));
      cache.put(record);
      changed(record);
      return record;
    },
    async remove(id) {
      await write(ctx, (api) => api.records.remove(res, id));
      cache.drop(id);
      changed(null);
    },
  };
}
