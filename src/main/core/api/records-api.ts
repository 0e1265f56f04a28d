import type { z } from 'zod';
import { allPages } from './all-pages';
import type { HttpClient } from './http-client';
import { parseRecord, parseRecordPage } from './record-envelope';
import { validateRequest } from './request-validation';

/** A spec 4.3 record path and the schemas of what is sent and what comes back. */
export interface RecordPath<B extends z.ZodType, R extends z.ZodType<{ readonly id: number }>> {
  /** `asset-group`, `fuel-entry`, … (docs/service-interface.md §4.3 "Records"). */
  readonly path: string;
  readonly body: B;
  readonly record: R;
}

/**
 * The records pattern of docs/service-interface.md §4.3: GET (paged, ?asset_id=),
 * POST (201), PUT (replaces, 200), DELETE (204). Bodies are checked with the
 * service's own schema before they leave, so a bad field fails offline as it
 * would with a 400; answers are parsed with the record's schema.
 */
export interface RecordsApi {
  list<R extends z.ZodType<{ readonly id: number }>>(
    res: RecordPath<z.ZodType, R>,
    filter?: { readonly assetId?: number },
  ): Promise<z.output<R>[]>;
  get<R extends z.ZodType<{ readonly id: number }>>(
    res: RecordPath<z.ZodType, R>,
    id: number,
  ): Promise<z.output<R>>;
  create<B extends z.ZodType, R extends z.ZodType<{ readonly id: number }>>(
    res: RecordPath<B, R>,
    body: z.input<B>,
  ): Promise<z.output<R>>;
  replace<B extends z.ZodType, R extends z.ZodType<{ readonly id: number }>>(
    res: RecordPath<B, R>,
    id: number,
    body: z.input<B>,
  ): Promise<z.output<R>>;
  remove(res: RecordPath<z.ZodType, z.ZodType<{ readonly id: number }>>, id: number): Promise<void>;
}

export function createRecordsApi(http: HttpClient, base: string, pageSize?: number): RecordsApi {
  return {
    list(res, filter = {}) {
      const route = `GET /${res.path}`;
      return allPages(route, async (page) => {
        const answer = await http.send({
          method: 'GET',
          url: `${base}/${res.path}`,
          route,
          query: { page, per_page: pageSize, asset_id: filter.assetId },
        });
        return parseRecordPage(http, res.record, answer.body, route);
      });
    },
    async get(res, id) {
      const route = `GET /${res.path}/{id}`;
      const answer = await http.send({ method: 'GET', url: `${base}/${res.path}/${id}`, route });
      return parseRecord(http, res.record, answer.body, route);
    },
    async create(res, body) {
      const route = `POST /${res.path}`;
      const checked: unknown = validateRequest(res.body, body, route);
      const answer = await http.send({ method: 'POST', url: `${base}/${res.path}`, route, body: checked });
      return parseRecord(http, res.record, answer.body, route);
    },
    async replace(res, id, body) {
      const route = `PUT /${res.path}/{id}`;
      const checked: unknown = validateRequest(res.body, body, route);
      const answer = await http.send({
        method: 'PUT',
        url: `${base}/${res.path}/${id}`,
        route,
        body: checked,
      });
      return parseRecord(http, res.record, answer.body, route);
    },
    async remove(res, id) {
      await http.send({
        method: 'DELETE',
        url: `${base}/${res.path}/${id}`,
        route: `DELETE /${res.path}/{id}`,
      });
    },
  };
}
