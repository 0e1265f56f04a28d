import { z } from 'zod';
import {
  ASSET_PHOTO_MAX_BYTES,
  assetGroupBodySchema,
  fuelEntryBodySchema,
  mobilityLinkRequestSchema,
  odometerEntryBodySchema,
  renewalReminderBodySchema,
  serviceReminderBodySchema,
  tagRequestSchema,
  type TrackerBleState,
} from '../interface';
import type {
  AccessView,
  AssetGroup,
  AssetPhotoView,
  CachedList,
  Driver,
  FuelEntry,
  FuelList,
  MobilityLink,
  OdometerEntry,
  ReminderBadge,
  RenewalReminderView,
  ServiceReminderView,
  Tag,
  TrackerCommand,
  TrackerCommandsView,
} from './fleet-admin-views';
import { none, type } from './method-schema';

/**
 * The contract's share for spec 4.3 (docs/service-interface.md §4.3): groups,
 * drivers, tracker commands, maintenance, fuel and odometer, photos, tags,
 * account links, and what the user may do. Bodies are the service's own
 * schemas, so a form's field errors are the same before sending and after.
 * Lists answer from the service, or from main's cache with its age when the
 * service cannot be reached; writes offline are refused (`offline`), never
 * queued.
 */
const recordId = z.int().positive();
const id = z.object({ id: recordId });
const optionalAsset = z
  .object({ assetId: z.int().positive().optional() })
  .strict()
  .optional()
  .transform((a) => a ?? {});
const trackerId = z.int().positive();
const assetIds = z.array(z.int().positive()).max(20_000);

/** base64 of at most ASSET_PHOTO_MAX_BYTES (4 characters per 3 bytes, padded). */
const PHOTO_BASE64_MAX = Math.ceil(ASSET_PHOTO_MAX_BYTES / 3) * 4;

export const fleetAdminMethods = {
  'access.get': { args: none, result: type<AccessView>() },

  'groups.list': { args: none, result: type<CachedList<AssetGroup>>() },
  'groups.create': { args: z.object({ body: assetGroupBodySchema }), result: type<AssetGroup>() },
  /** Replaces the group (name, description and members), as the service's PUT does. */
  'groups.update': {
    args: z.object({ id: recordId, body: assetGroupBodySchema }),
    result: type<AssetGroup>(),
  },
  'groups.remove': { args: id, result: type<null>() },
  /** Moves assets into and out of one group at once (many at a time): the group as it is now. */
  'groups.assign': {
    args: z
      .object({ groupId: recordId, add: assetIds.default([]), remove: assetIds.default([]) })
      .refine((a) => a.add.length + a.remove.length > 0, {
        message: 'name at least one asset to add or remove',
        path: ['add'],
      }),
    result: type<AssetGroup>(),
  },

  /** Drivers with their names and the assets they drive, for the report form's driver picker. */
  'drivers.list': { args: none, result: type<CachedList<Driver>>() },

  /** `trackerId` is the tracker's id (Asset.tracker.id), not the asset's. */
  'trackers.reset': {
    args: z.object({ trackerId, mode: z.enum(['soft', 'hard']) }),
    result: type<TrackerCommand>(),
  },
  'trackers.setBle': {
    args: z.object({ trackerId, enabled: z.boolean() }),
    result: type<TrackerBleState>(),
  },
  /** The tracker's command history, newest first; `records.changed` follows each state change. */
  'trackers.commands': { args: z.object({ trackerId }), result: type<TrackerCommandsView>() },

  'serviceReminders.list': { args: optionalAsset, result: type<CachedList<ServiceReminderView>>() },
  'serviceReminders.create': {
    args: z.object({ body: serviceReminderBodySchema }),
    result: type<ServiceReminderView>(),
  },
  'serviceReminders.update': {
    args: z.object({ id: recordId, body: serviceReminderBodySchema }),
    result: type<ServiceReminderView>(),
  },
  'serviceReminders.remove': { args: id, result: type<null>() },

  'renewalReminders.list': { args: optionalAsset, result: type<CachedList<RenewalReminderView>>() },
  'renewalReminders.create': {
    args: z.object({ body: renewalReminderBodySchema }),
    result: type<RenewalReminderView>(),
  },
  'renewalReminders.update': {
    args: z.object({ id: recordId, body: renewalReminderBodySchema }),
    result: type<RenewalReminderView>(),
  },
  'renewalReminders.remove': { args: id, result: type<null>() },

  /**
   * Marks a reminder done. A service reminder that repeats moves on (due date
   * from `doneOn` + repeat_days, due reading from `odometerKm` + repeat_km); a
   * renewal moves to `nextDueDate` when given. Anything else is removed.
   * `next` is the reminder as scheduled again, or null when it was removed.
   */
  'reminders.done': {
    args: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('service'),
        id: recordId,
        /** The day the work was done (YYYY-MM-DD); today when absent. */
        doneOn: z.iso.date().optional(),
        /** The odometer when it was done; the asset's latest known reading when absent. */
        odometerKm: z.number().min(0).max(10_000_000).optional(),
      }),
      z.object({ kind: z.literal('renewal'), id: recordId, nextDueDate: z.iso.date().optional() }),
    ]),
    result: type<{ readonly next: ServiceReminderView | RenewalReminderView | null }>(),
  },
  /** Per asset with any: how many reminders are overdue or due soon. */
  'reminders.badges': { args: none, result: type<ReminderBadge[]>() },

  'odometer.list': { args: optionalAsset, result: type<CachedList<OdometerEntry>>() },
  'odometer.add': { args: z.object({ body: odometerEntryBodySchema }), result: type<OdometerEntry>() },

  'fuel.list': { args: optionalAsset, result: type<FuelList>() },
  'fuel.add': { args: z.object({ body: fuelEntryBodySchema }), result: type<FuelEntry>() },
  'fuel.update': { args: z.object({ id: recordId, body: fuelEntryBodySchema }), result: type<FuelEntry>() },
  'fuel.remove': { args: id, result: type<null>() },

  /**
   * Uploads an asset's photo (JPEG, PNG or WebP, at most 5 MiB, checked by
   * content before sending). Without `file`, main shows the native file
   * dialog (Electron); the browser shell's page picks the file itself and
   * sends its bytes. null when the dialog was cancelled.
   */
  'photos.upload': {
    args: z.object({
      assetId: z.int().positive(),
      file: z
        .object({
          name: z.string().trim().min(1).max(255),
          base64: z.base64().max(PHOTO_BASE64_MAX, 'A photo may be at most 5 MiB.'),
        })
        .optional(),
    }),
    result: type<AssetPhotoView | null>(),
  },
  /** The asset's photo from the service or the cache; null when it has none. */
  'photos.get': { args: z.object({ assetId: z.int().positive() }), result: type<AssetPhotoView | null>() },

  /** Tags and beacons: the simulated fleet's and those registered through `tags.create`. */
  'tags.list': { args: none, result: type<CachedList<Tag>>() },
  'tags.create': { args: z.object({ body: tagRequestSchema }), result: type<Tag>() },
  /** Replaces a tag's name, MAC, portable flag and asset (null: not attached). */
  'tags.update': { args: z.object({ id: recordId, body: tagRequestSchema }), result: type<Tag>() },

  'mobility.list': { args: none, result: type<CachedList<MobilityLink>>() },
  /** Without asset_ids the whole account is linked (see access.get's linkWholeAccount). */
  'mobility.link': {
    args: z.object({ request: mobilityLinkRequestSchema }),
    result: type<{ readonly link: MobilityLink; readonly created: boolean }>(),
  },
} as const;
