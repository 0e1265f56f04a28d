import {
  assetGroupBodySchema,
  assetGroupSchema,
  type AssetGroup,
  type AssetGroupBody,
} from '../../../shared/interface';
import type { CachedList } from '../../../shared/ipc/fleet-admin-views';
import type { AdminContext } from '../records/admin-context';
import { createRecordCrud } from '../records/record-crud';
import { write } from '../records/service-calls';

const GROUPS = { path: 'asset-group', body: assetGroupBodySchema, record: assetGroupSchema } as const;

/** Spec 4.3 asset-group: the list's sections, the map's and the report form's filters. */
export interface AssetGroups {
  list(): Promise<CachedList<AssetGroup>>;
  create(body: AssetGroupBody): Promise<AssetGroup>;
  replace(id: number, body: AssetGroupBody): Promise<AssetGroup>;
  remove(id: number): Promise<void>;
  /**
   * Adds and removes members in one replacement of the group as the service
   * has it now (read just before), so members another operator added
   * meanwhile are kept; the spec offers no partial update.
   */
  assign(groupId: number, add: readonly number[], remove: readonly number[]): Promise<AssetGroup>;
}

export function createAssetGroups(ctx: AdminContext): AssetGroups {
  // A group names several assets: it is listed whole, under no one asset.
  const crud = createRecordCrud(ctx, 'groups', GROUPS, () => 0);
  return {
    list: () => crud.list(),
    create: (body) => crud.create(body),
    replace: (id, body) => crud.replace(id, body),
    remove: (id) => crud.remove(id),
    async assign(groupId, add, remove) {
      const current = await write(ctx, (api) => api.records.get(GROUPS, groupId));
      const dropped = new Set(remove);
      const members = [...current.asset_ids.filter((id) => !dropped.has(id))];
      for (const id of add) if (!members.includes(id) && !dropped.has(id)) members.push(id);
      const { name, description } = current;
      return crud.replace(groupId, { name, description, asset_ids: members });
    },
  };
}
