import {
  fuelEntryBodySchema,
  fuelEntrySchema,
  type FuelEntry,
  type FuelEntryBody,
} from '../../../shared/interface';
import type { FuelList } from '../../../shared/ipc/fleet-admin-views';
import type { AdminContext } from '../records/admin-context';
import { createRecordCrud } from '../records/record-crud';
import { fuelTotals } from '../../../shared/fuel/fuel-totals';

const FUEL = { path: 'fuel-entry', body: fuelEntryBodySchema, record: fuelEntrySchema } as const;

/** Spec 4.3 fuel-entry: refills as entered (the fuel report lists them beside the tank sensor's). */
export interface FuelLog {
  /** Newest first, with the list's totals. */
  list(assetId?: number): Promise<FuelList>;
  add(body: FuelEntryBody): Promise<FuelEntry>;
  replace(id: number, body: FuelEntryBody): Promise<FuelEntry>;
  remove(id: number): Promise<void>;
}

export function createFuelLog(ctx: AdminContext): FuelLog {
  const crud = createRecordCrud(ctx, 'fuel', FUEL, (e) => e.asset_id);
  return {
    async list(assetId) {
      const list = await crud.list(assetId);
      const items = [...list.items].sort(
        (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id - a.id,
      );
      return { ...list, items, totals: fuelTotals(items) };
    },
    add: (body) => crud.create(body),
    replace: (id, body) => crud.replace(id, body),
    remove: (id) => crud.remove(id),
  };
}
