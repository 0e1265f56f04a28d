import type { RecordsChanged } from '../../../shared/ipc/fleet-admin-views';
import { fleetAdminApiOf, type FleetAdminApi } from '../api/fleet-admin-api';
import type { PhotoCacheStore } from '../cache/photo-cache-store';
import type { RecordCacheStore } from '../cache/record-cache-store';
import type { Connection } from '../session/session';

/** What every spec 4.3 family of the core is given (wired in fleet-records.ts). */
export interface AdminContext {
  /** The connection's API; null when signed out or while a new sign-in is needed (nothing is sent then). */
  api(): FleetAdminApi | null;
  /** Whose cache to read: the signed-in service and user, also while a new sign-in is needed; null signed out. */
  scope(): string | null;
  readonly records: RecordCacheStore;
  readonly photos: PhotoCacheStore;
  readonly now: () => number;
  /** Pushes records.changed. */
  changed(change: RecordsChanged): void;
  readonly log: { warn(message: string): void };
}

export interface AdminContextOptions {
  readonly connection: () => Connection | null;
  readonly needsSignIn: () => boolean;
  /** The signed-in owner's stores (profile/owner-workspace.ts): another account's sign-in replaces them. */
  readonly records: () => RecordCacheStore;
  readonly photos: () => PhotoCacheStore;
  readonly now: () => number;
  changed(change: RecordsChanged): void;
  readonly log: { warn(message: string): void };
}

/**
 * The cache's scope: one user of one service. The demo's service changes
 * address at every start, so it is named by kind, not by URL.
 */
export function scopeOf(conn: Connection): string {
  const service = conn.profile.kind === 'demo' ? 'demo' : conn.endpoints.api_url;
  return `${service}|${conn.endpoints.account_key}|${conn.user.id}`;
}

export function createAdminContext(options: AdminContextOptions): AdminContext {
  return {
    api() {
      const conn = options.connection();
      return conn && !options.needsSignIn() ? fleetAdminApiOf(conn) : null;
    },
    scope() {
      const conn = options.connection();
      return conn ? scopeOf(conn) : null;
    },
    get records() {
      return options.records();
    },
    get photos() {
      return options.photos();
    },
    now: options.now,
    changed: options.changed,
    log: options.log,
  };
}
