import {
  driverSchema,
  mobilityLinkRequestSchema,
  mobilityLinkSchema,
  tagRequestSchema,
  tagSchema,
  type Driver,
  type MobilityLink,
  type MobilityLinkRequestInput,
  type Tag,
  type TagRequestInput,
} from '../../../shared/interface';
import type { z } from 'zod';
import { allPages } from './all-pages';
import type { HttpClient } from './http-client';
import { parseRecord, parseRecordPage } from './record-envelope';
import { validateRequest } from './request-validation';

/**
 * The account's tags and beacons (spec 4.3 `tag`), its mobility links
 * (`link-mobility`) and its drivers. The spec states only POST for the first
 * two; listing them, replacing a tag and the driver list are the local
 * service's (docs/service-interface.md §4.3).
 */
export interface AccountRecordsApi {
  tags(): Promise<Tag[]>;
  createTag(body: TagRequestInput): Promise<Tag>;
  replaceTag(id: number, body: TagRequestInput): Promise<Tag>;
  mobilityLinks(): Promise<MobilityLink[]>;
  linkMobility(request: MobilityLinkRequestInput): Promise<{ link: MobilityLink; created: boolean }>;
  drivers(): Promise<Driver[]>;
}

export function createAccountRecordsApi(
  http: HttpClient,
  base: string,
  pageSize?: number,
): AccountRecordsApi {
  const list = <S extends z.ZodType<{ readonly id: number }>>(
    path: string,
    schema: S,
  ): Promise<z.output<S>[]> => {
    const route = `GET /${path}`;
    return allPages(route, async (page) => {
      const res = await http.send({
        method: 'GET',
        url: `${base}/${path}`,
        route,
        query: { page, per_page: pageSize },
      });
      return parseRecordPage(http, schema, res.body, route);
    });
  };
  const write = async <B extends z.ZodType, S extends z.ZodType>(
    method: 'POST' | 'PUT',
    path: string,
    route: string,
    bodySchema: B,
    body: unknown,
    schema: S,
  ): Promise<{ data: z.output<S>; status: number }> => {
    const checked: unknown = validateRequest(bodySchema, body, route);
    const res = await http.send({ method, url: `${base}/${path}`, route, body: checked });
    return { data: parseRecord(http, schema, res.body, route), status: res.status };
  };
  return {
    tags: () => list('tag', tagSchema),
    createTag: async (body) =>
      (await write('POST', 'tag', 'POST /tag', tagRequestSchema, body, tagSchema)).data,
    replaceTag: async (id, body) =>
      (await write('PUT', `tag/${id}`, 'PUT /tag/{id}', tagRequestSchema, body, tagSchema)).data,
    mobilityLinks: () => list('link-mobility', mobilityLinkSchema),
    async linkMobility(request) {
      const { data, status } = await write(
        'POST',
        'link-mobility',
        'POST /link-mobility',
        mobilityLinkRequestSchema,
        request,
        mobilityLinkSchema,
      );
      // 201: linked now; 200: the account was linked already (docs/service-interface.md §4.3).
      return { link: data, created: status === 201 };
    },
    drivers: () => list('driver', driverSchema),
  };
}
