import { createAlarmStore, type AlarmStore } from '../alarms/alarm-store';
import type { ServiceContext } from '../context';
import { createAssetPhotoStore, type AssetPhotoStore } from './asset-photo-store';
import { createMobilityLinkStore, type MobilityLinkStore } from './mobility-link-store';
import { createRecordStore, type RecordStore } from './records/record-store';
import { createTagStore, type TagStore } from './tag-store';
import { createTrackerCommandStore, type TrackerCommandStore } from './tracker-command-store';

/** The fleet interface's SQLite state; every table is created idempotently at start. */
export interface FleetStores {
  readonly records: RecordStore;
  readonly commands: TrackerCommandStore;
  readonly tags: TagStore;
  readonly mobilityLinks: MobilityLinkStore;
  readonly photos: AssetPhotoStore;
  /** Alarms the engine raised (src/server/alarms), read and acknowledged through the fleet routes. */
  readonly alarms: AlarmStore;
}

export function createFleetStores(ctx: ServiceContext): FleetStores {
  return {
    records: createRecordStore(ctx.db),
    commands: createTrackerCommandStore(ctx.db),
    tags: createTagStore(ctx.db, ctx.fleet),
    mobilityLinks: createMobilityLinkStore(ctx.db),
    photos: createAssetPhotoStore(ctx.db, ctx.dataDir),
    alarms: createAlarmStore(ctx.db),
  };
}
