import { z } from 'zod';
import { decimalIntegerOr } from './decimal-integer';

const isoTimestamp = z.iso.datetime({ offset: true });

/**
 * Spec 2.7. Constraints on asset fields are "not shown": our service always
 * sends every field, but the schema accepts null for the descriptive ones so
 * a real service with incomplete records still parses (docs/interface-decisions.md).
 */
export const trackerSchema = z.object({
  id: z.int(),
  imei: z.string(),
  online: z.boolean(),
  last_update: isoTimestamp.nullable(),
});

export const assetSchema = z.object({
  id: z.int(),
  name: z.string(),
  registration: z.string().nullable(),
  vin: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.int().nullable(),
  tracker: trackerSchema.nullable(),
});
export type Asset = z.infer<typeof assetSchema>;

/** Spec 4.2 pagination. */
export const paginationMetaSchema = z.object({
  current_page: z.int().positive(),
  per_page: z.int().positive(),
  total: z.int().nonnegative(),
  last_page: z.int().nonnegative(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export const assetListResponseSchema = z.object({
  data: z.array(assetSchema),
  meta: paginationMetaSchema,
});
export type AssetListResponse = z.infer<typeof assetListResponseSchema>;

/** Query of GET /asset: page starts at 1 (spec 4.2); per_page is ours, capped (spec 8 leaves the maximum open). */
export const ASSET_PAGE_SIZE_DEFAULT = 100;
export const ASSET_PAGE_SIZE_MAX = 500;
/** The largest page number a query may name. */
export const MAX_PAGE = 1_000_000;
/** Page numbers and sizes in query strings: canonical decimal integers (decimal-integer.ts). */
export const pageParam = decimalIntegerOr({ min: 1, max: MAX_PAGE }, 1);
export const perPageParam = decimalIntegerOr({ min: 1, max: ASSET_PAGE_SIZE_MAX }, ASSET_PAGE_SIZE_DEFAULT);
export const assetListQuerySchema = z.object({
  page: pageParam,
  per_page: perPageParam,
  search: z.string().max(200).optional(),
});
