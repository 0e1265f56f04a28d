import type {
  AssetGroup,
  Driver,
  FuelEntry,
  MobilityLink,
  OdometerEntry,
  RenewalReminder,
  ServiceReminder,
  Tag,
  TrackerCommand,
} from '../interface';
import type { DueState } from '../maintenance/reminder-due';

/**
 * What the renderer sees of spec 4.3's records (docs/service-interface.md
 * §4.3): the service's own shapes, read through main's offline cache.
 */

/** The record families main keeps; `records.changed` names one. */
export const RECORD_FAMILIES = [
  'groups',
  'drivers',
  'trackerCommands',
  'serviceReminders',
  'renewalReminders',
  'odometer',
  'fuel',
  'photos',
  'tags',
  'mobility',
] as const;
export type RecordFamily = (typeof RECORD_FAMILIES)[number];

/**
 * A list as main last knew it. Online, straight from the service; when the
 * service cannot be reached, the cached copy with its age (a list never
 * fetched is empty with fetchedAt null).
 */
export interface CachedList<T> {
  readonly items: readonly T[];
  /** When the service last answered this list (epoch ms); null: never. */
  readonly fetchedAt: number | null;
  /** The service could not be reached: these are the cache's items, as of fetchedAt. */
  readonly fromCache: boolean;
}

/** Pushed after main changed or re-read a family: screens showing it list it again. */
export interface RecordsChanged {
  readonly family: RecordFamily;
  /** The asset concerned, when the change is about one (a fuel entry, a photo, a command). */
  readonly assetId?: number;
  /** For trackerCommands: whose history changed. */
  readonly trackerId?: number;
}

export type { AssetGroup, Driver, FuelEntry, MobilityLink, OdometerEntry, Tag, TrackerCommand };

export type ServiceReminderView = ServiceReminder & { readonly due: DueState };
export type RenewalReminderView = RenewalReminder & { readonly due: DueState };

/** Per asset, how many reminders need attention: the list's and the panel's badges. */
export interface ReminderBadge {
  readonly assetId: number;
  readonly overdue: number;
  readonly dueSoon: number;
}

export interface TrackerCommandsView extends CachedList<TrackerCommand> {
  readonly trackerId: number;
  /** From the newest Bluetooth command (the spec has no read of the state); null: never switched. */
  readonly bleEnabled: boolean | null;
  /** A command is still `sent`: main polls the history until every one is acknowledged. */
  readonly pending: boolean;
}

export interface FuelTotals {
  readonly entries: number;
  readonly liters: number;
  /** Summed per currency (entries without a cost are left out; null: entries without a currency). */
  readonly costs: readonly { readonly currency: string | null; readonly amount: number }[];
}

export interface FuelList extends CachedList<FuelEntry> {
  readonly totals: FuelTotals;
}

/** What the app uploads as an asset photo (the service also takes GIF; a fleet's photos are not animations). */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * An asset's photo as an image address the renderer's CSP admits (img-src
 * data:): the bytes main fetched and keeps in its cache.
 */
export interface AssetPhotoView {
  readonly assetId: number;
  readonly contentType: string;
  readonly size: number;
  readonly dataUrl: string;
  /** When main last fetched it from the service (or uploaded it). */
  readonly fetchedAt: number;
  /** Main's cached copy, not fetched for this answer: offline, or fetched less than a minute ago. */
  readonly fromCache: boolean;
}

export interface Permission {
  readonly allowed: boolean;
  /** Why not, in words for the screen; null when allowed. */
  readonly reason: string | null;
}

/**
 * What this session's user may do beyond their own assets (spec 5: per-user
 * access). `wholeFleet` is null while main does not know; actions then stay
 * allowed and a refusal comes back as a `forbidden` error with its reason.
 */
export interface AccessView {
  readonly wholeFleet: boolean | null;
  readonly may: {
    /** An alert rule without asset_id (docs/service-interface.md §4.3 "Records"). */
    readonly wholeFleetAlert: Permission;
    /** link-mobility without asset_ids. */
    readonly linkWholeAccount: Permission;
  };
}
