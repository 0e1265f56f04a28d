import type Database from 'better-sqlite3';
import { createAssetStore, type AssetStore } from './asset-store';
import { openCacheDatabase, type CacheRecovery } from './cache-database';
import { createHistoryStore, type HistoryStore } from './history-store';
import { createReportStore, type ReportStore } from './report-store';
import { createSettingsStore, type SettingsStore } from './settings-store';
import { createTrackingLinkStore, type TrackingLinkStore } from './tracking-link-store';

/** The offline cache (issue 4 §4): one SQLite file, its stores, and the size cap. */
export interface OfflineCache {
  readonly db: Database.Database;
  readonly path: string;
  /** Set when the file on disk was unusable and a fresh cache replaced it. */
  readonly recovered: CacheRecovery | null;
  readonly assets: AssetStore;
  readonly history: HistoryStore;
  readonly settings: SettingsStore;
  readonly links: TrackingLinkStore;
  readonly reports: ReportStore;
  /** Applies Settings.cacheSizeMb: least recently viewed history goes first. */
  enforceSizeCap(): { readonly chunks: number; readonly liveBatches: number };
  close(): void;
}

export function openOfflineCache(path: string, options: { readonly now?: () => number } = {}): OfflineCache {
  const now = options.now ?? Date.now;
  const { db, recovered } = openCacheDatabase(path, { now });
  const settings = createSettingsStore(db);
  const capBytes = (): number => settings.get().cacheSizeMb * 1024 * 1024;
  const history = createHistoryStore(db, now, capBytes);
  return {
    db,
    path,
    recovered,
    assets: createAssetStore(db, now),
    history,
    settings,
    links: createTrackingLinkStore(db, now),
    reports: createReportStore(db, now),
    enforceSizeCap: () => history.evictToFit(capBytes()),
    close() {
      if (!db.open) return;
      history.flushViewed();
      db.close();
    },
  };
}
