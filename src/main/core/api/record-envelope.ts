import { z } from 'zod';
import { paginationMetaSchema, type PaginationMeta } from '../../../shared/interface';
import type { HttpClient } from './http-client';

const one = z.object({ data: z.unknown() });
const page = z.object({ data: z.array(z.unknown()), meta: paginationMetaSchema });

/** `{data: record}` (docs/service-interface.md §4.3 "Records"), the record parsed with its schema. */
export function parseRecord<R extends z.ZodType>(
  http: HttpClient,
  record: R,
  body: unknown,
  route: string,
): z.output<R> {
  return http.parse(record, http.parse(one, body, route).data, route);
}

/** `{data: [record], meta}`: one page of a list (spec 4.2 pagination). */
export function parseRecordPage<R extends z.ZodType>(
  http: HttpClient,
  record: R,
  body: unknown,
  route: string,
): { data: z.output<R>[]; meta: PaginationMeta } {
  const envelope = http.parse(page, body, route);
  return { data: http.parse(z.array(record), envelope.data, route), meta: envelope.meta };
}
