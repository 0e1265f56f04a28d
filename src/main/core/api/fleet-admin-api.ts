import { ASSET_PAGE_SIZE_MAX } from '../../../shared/interface';
import type { Connection } from '../session/session';
import { createAccountRecordsApi, type AccountRecordsApi } from './account-records-api';
import { fleetBase } from './all-pages';
import { createPhotoApi, type PhotoApi } from './photo-api';
import { createRecordsApi, type RecordsApi } from './records-api';
import { createTrackerApi, type TrackerApi } from './tracker-api';

/** Spec 4.3 through the connection's one HTTP client (token, errors, deprecation notices). */
export interface FleetAdminApi {
  readonly records: RecordsApi;
  readonly trackers: TrackerApi;
  readonly account: AccountRecordsApi;
  readonly photos: PhotoApi;
}

const made = new WeakMap<Connection, FleetAdminApi>();

/**
 * One per connection. Page size as for assets (docs/interface-decisions.md
 * "The desktop client"): the local service's maximum for the demo, only
 * `page` for any other service.
 */
export function fleetAdminApiOf(conn: Connection): FleetAdminApi {
  const known = made.get(conn);
  if (known) return known;
  const base = fleetBase(conn.endpoints.api_url, conn.endpoints.account_key);
  const pageSize = conn.profile.kind === 'demo' ? ASSET_PAGE_SIZE_MAX : undefined;
  const api: FleetAdminApi = {
    records: createRecordsApi(conn.http, base, pageSize),
    trackers: createTrackerApi(conn.http, base, pageSize),
    account: createAccountRecordsApi(conn.http, base, pageSize),
    photos: createPhotoApi(conn.http, base),
  };
  made.set(conn, api);
  return api;
}
