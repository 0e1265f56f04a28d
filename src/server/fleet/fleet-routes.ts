import { ALARM_ROUTES } from '../alarms/alarm-routes';
import { assetHistory, assetLocation, listAssets } from './asset-routes';
import { uploadAssetPhoto } from './asset-photo-route';
import type { FleetRoute } from './fleet-route';
import { linkMobility } from './mobility-link-route';
import { RECORD_RESOURCES } from './records/record-resources';
import { recordRoutes } from './records/record-routes';
import { createTag } from './tag-route';
import { resetTracker, setTrackerBle, trackerCommands } from './tracker-routes';
import { createTrackingLink } from './tracking-link-route';

/**
 * Every route of the fleet tracking interface (spec 4.2, 4.3): the module
 * registers exactly these and /docs documents exactly these.
 */
export const FLEET_ROUTES: readonly FleetRoute[] = [
  listAssets,
  assetLocation,
  assetHistory,
  uploadAssetPhoto,
  createTrackingLink,
  linkMobility,
  createTag,
  resetTracker,
  trackerCommands,
  setTrackerBle,
  ...RECORD_RESOURCES.flatMap(recordRoutes),
  ...ALARM_ROUTES,
];
