import type Database from 'better-sqlite3';
import { createAlarmItemStore, type AlarmItemStore } from './alarm-item-store';
import { createAlarmScopes } from './alarm-scopes';
import { createAlarmStore, type AlarmStore } from './alarm-store';
import { createAssetStore, type AssetStore } from './asset-store';
import { CacheUnavailableError, openCacheDatabase, type CacheRecovery } from './cache-database';
import { createHistoryStore, type HistoryStore } from './history-store';
import { createPhotoCacheStore, type PhotoCacheStore } from './photo-cache-store';
import { createRecordCacheStore, type RecordCacheStore } from './record-cache-store';
import { createReportStore, type ReportStore } from './report-store';
import { createSettingsStore, type SettingsStore } from './settings-store';
import { createTrackingLinkStore, type TrackingLinkStore } from './tracking-link-store';

/**
 * The offline cache (docs/architecture.md §3): one SQLite file, its stores, and the size
 * cap. The app keeps one per data owner (profile-cache-files.ts) and one for
 * its own settings; every file has the same schema, migrated alike.
 */
export interface OfflineCache {
  readonly db: Database.Database;
  readonly path: string;
  /** Set when the file on disk was unusable and a fresh cache replaced it. */
  readonly recovered: CacheRecovery | null;
  /** Set (why) when no cache file could be used at all and this one lives in memory, for this run only. */
  readonly unavailable: string | null;
  readonly assets: AssetStore;
  readonly history: HistoryStore;
  readonly settings: SettingsStore;
  readonly links: TrackingLinkStore;
  readonly reports: ReportStore;
  /** Spec 4.3 records and asset photos, for offline reading. */
  readonly records: RecordCacheStore;
  readonly photos: PhotoCacheStore;
  readonly alarms: AlarmStore;
  readonly alarmItems: AlarmItemStore;
  /** Applies Settings.cacheSizeMb: least recently viewed history goes first. */
  enforceSizeCap(): { readonly chunks: number; readonly liveBatches: number };
  close(): void;
}

export function openOfflineCache(
  path: string,
  options: {
    readonly now?: () => number;
    /** When the file cannot be used at all (read-only or full disk): work from memory instead of failing. */
    readonly fallbackToMemory?: boolean;
    /**
     * The history size cap in bytes, when the settings live in another file (a profile's cache
     * takes the app's Settings.cacheSizeMb); by default this file's own settings.
     */
    readonly capBytes?: () => number;
  } = {},
): OfflineCache {
  const now = options.now ?? Date.now;
  let opened: ReturnType<typeof openCacheDatabase>;
  let unavailable: string | null = null;
  try {
    opened = openCacheDatabase(path, { now });
  } catch (err) {
    if (!(options.fallbackToMemory && err instanceof CacheUnavailableError)) throw err;
    unavailable = err.message;
    opened = openCacheDatabase(':memory:', { now });
  }
  const { db, recovered } = opened;
  const settings = createSettingsStore(db);
  const capBytes = options.capBytes ?? ((): number => settings.get().cacheSizeMb * 1024 * 1024);
  const history = createHistoryStore(db, now, capBytes);
  const alarmScopes = createAlarmScopes(db);
  return {
    db,
    path,
    recovered,
    unavailable,
    assets: createAssetStore(db, now),
    history,
    settings,
    links: createTrackingLinkStore(db, now),
    reports: createReportStore(db, now),
    records: createRecordCacheStore(db, now),
    photos: createPhotoCacheStore(db, now),
    alarms: createAlarmStore(db, alarmScopes),
    alarmItems: createAlarmItemStore(db, alarmScopes, now),
    enforceSizeCap: () => history.evictToFit(capBytes()),
    close() {
      if (!db.open) return;
      history.flushViewed();
      db.close();
    },
  };
}
