import { z } from 'zod';

/**
 * A restricted user (spec 5: access checked per user) sees only their own
 * assets on the account channel. The auth endpoint puts the user's asset ids
 * in the `channel_data` it signs; pusher-js forwards channel_data in
 * pusher:subscribe untouched, and the signature covers it, so the filter
 * cannot be forged or widened by the client.
 */
const channelDataSchema = z.object({
  user_id: z.string(),
  asset_ids: z.array(z.int().positive()).max(20_000).nullable(),
});

export function encodeAssetFilter(userId: number, assetIds: readonly number[] | null): string {
  return JSON.stringify({ user_id: String(userId), asset_ids: assetIds === null ? null : [...assetIds] });
}

/** Asset ids the subscriber may see, null for "every asset"; undefined when channel_data is unreadable. */
export function decodeAssetFilter(channelData: string | undefined): readonly number[] | null | undefined {
  if (channelData === undefined) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(channelData);
  } catch {
    return undefined;
  }
  const parsed = channelDataSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const ids = parsed.data.asset_ids;
  return ids === null ? null : [...new Set(ids)].sort((a, b) => a - b);
}

/** Subscribers with the same asset set share one serialized message per tick. */
export const assetFilterKey = (ids: readonly number[]): string => ids.join(',');
