import { accessHandlers } from '../access/access-handlers';
import { createAccessModel } from '../access/access-model';
import type { OfflineCache } from '../cache/offline-cache';
import { driverHandlers } from '../drivers/driver-handlers';
import { createDriverList } from '../drivers/driver-list';
import { fuelHandlers } from '../fuel/fuel-handlers';
import { createFuelLog } from '../fuel/fuel-log';
import { createAssetGroups } from '../groups/asset-groups';
import { groupHandlers } from '../groups/group-handlers';
import type { PushSink, ShellServices } from '../ipc-handlers';
import { odometersOf } from '../maintenance/location-odometers';
import { createMaintenance } from '../maintenance/maintenance';
import { odometerHandlers } from '../maintenance/odometer-handlers';
import { reminderHandlers } from '../maintenance/reminder-handlers';
import { renewalReminderHandlers } from '../maintenance/renewal-reminder-handlers';
import { serviceReminderHandlers } from '../maintenance/service-reminder-handlers';
import { mobilityHandlers } from '../mobility/mobility-handlers';
import { createMobilityLinks } from '../mobility/mobility-links';
import { createAssetPhotos } from '../photos/asset-photos';
import { photoHandlers } from '../photos/photo-handlers';
import type { Connection } from '../session/session';
import { tagHandlers } from '../tags/tag-handlers';
import { createTagRegister } from '../tags/tag-register';
import { createTrackerCommands } from '../trackers/tracker-commands';
import { trackerHandlers } from '../trackers/tracker-handlers';
import { createAdminContext } from './admin-context';

export interface FleetRecordsOptions {
  readonly connection: () => Connection | null;
  readonly needsSignIn: () => boolean;
  /** The signed-in owner's cache (profile/owner-workspace.ts), read at each use: another account replaces it. */
  readonly cache: () => Pick<OfflineCache, 'records' | 'photos' | 'assets'>;
  readonly shell: ShellServices;
  readonly push: PushSink;
  readonly now: () => number;
  readonly log: { warn(message: string): void };
  readonly commandPollMs?: number;
}

/**
 * The spec 4.3 families (docs/architecture.md "Owners of state"): groups, drivers, tracker commands,
 * reminders and odometer, fuel, photos, tags, account links and the user's access, each its own module on
 * one admin context, wired here so that app-core.ts wires one thing.
 */
export function createFleetRecords(o: FleetRecordsOptions) {
  const admin = createAdminContext({
    connection: o.connection,
    needsSignIn: o.needsSignIn,
    records: () => o.cache().records,
    photos: () => o.cache().photos,
    now: o.now,
    changed: (change) => o.push('records.changed', change),
    log: o.log,
  });
  const access = createAccessModel({
    connection: o.connection,
    onChanged: (view) => o.push('access.changed', view),
  });
  const trackers = createTrackerCommands(admin, o.commandPollMs);
  const maintenance = createMaintenance(admin, {
    locationOdometers: () => odometersOf(o.cache().assets.locations()),
  });
  return {
    handlers: {
      ...accessHandlers(access),
      ...groupHandlers(createAssetGroups(admin)),
      ...driverHandlers(createDriverList(admin)),
      ...trackerHandlers(trackers),
      ...serviceReminderHandlers(maintenance),
      ...renewalReminderHandlers(maintenance),
      ...reminderHandlers(maintenance),
      ...odometerHandlers(maintenance),
      ...fuelHandlers(createFuelLog(admin)),
      ...photoHandlers(createAssetPhotos(admin, o.shell)),
      ...tagHandlers(createTagRegister(admin)),
      ...mobilityHandlers(createMobilityLinks(admin, () => access.refusedWholeFleet())),
    },
    /** Who the user is may have changed: their access is read again. */
    sessionChanged: () => access.reset(),
    stop: () => trackers.stop(),
  };
}
