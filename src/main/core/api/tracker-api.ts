import {
  trackerBleStateSchema,
  trackerCommandSchema,
  type TrackerBleState,
  type TrackerCommand,
  type TrackerResetMode,
} from '../../../shared/interface';
import { allPages } from './all-pages';
import type { HttpClient } from './http-client';
import { parseRecord, parseRecordPage } from './record-envelope';

/** Spec 4.3 tracker/{id}/reset, /ble and /commands; `{id}` is the tracker's id, not the asset's. */
export interface TrackerApi {
  reset(trackerId: number, mode: TrackerResetMode): Promise<TrackerCommand>;
  setBle(trackerId: number, enabled: boolean): Promise<TrackerBleState>;
  /** Newest first; `newestOnly` reads the first page (where commands still pending are). */
  commands(trackerId: number, options?: { readonly newestOnly?: boolean }): Promise<TrackerCommand[]>;
}

export function createTrackerApi(http: HttpClient, base: string, pageSize?: number): TrackerApi {
  const commandPage = (trackerId: number) => async (page: number) => {
    const route = 'GET /tracker/{id}/commands';
    const res = await http.send({
      method: 'GET',
      url: `${base}/tracker/${trackerId}/commands`,
      route,
      query: { page, per_page: pageSize },
    });
    return parseRecordPage(http, trackerCommandSchema, res.body, route);
  };
  return {
    async reset(trackerId, mode) {
      const route = 'POST /tracker/{id}/reset';
      const res = await http.send({
        method: 'POST',
        url: `${base}/tracker/${trackerId}/reset`,
        route,
        body: { mode },
      });
      return parseRecord(http, trackerCommandSchema, res.body, route);
    },
    async setBle(trackerId, enabled) {
      const route = 'PUT /tracker/{id}/ble';
      const res = await http.send({
        method: 'PUT',
        url: `${base}/tracker/${trackerId}/ble`,
        route,
        body: { enabled },
      });
      return parseRecord(http, trackerBleStateSchema, res.body, route);
    },
    async commands(trackerId, options = {}) {
      const page = commandPage(trackerId);
      return options.newestOnly ? (await page(1)).data : allPages('GET /tracker/{id}/commands', page);
    },
  };
}
