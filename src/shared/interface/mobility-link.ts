import { z } from 'zod';

/**
 * Spec 4.3 `link-mobility` (account linking, POST); the fields are ours: the
 * fleet account is linked to an account of a mobility platform, optionally
 * for some assets only.
 */
export const mobilityLinkRequestSchema = z.object({
  provider: z.string().trim().min(1).max(60),
  external_account_id: z.string().trim().min(1).max(200),
  asset_ids: z.array(z.int().positive()).max(20_000).optional(),
});

export const mobilityLinkSchema = z.object({
  id: z.int().positive(),
  provider: z.string(),
  external_account_id: z.string(),
  asset_ids: z.array(z.int().positive()).nullable(),
  status: z.literal('linked'),
  linked_at: z.iso.datetime({ offset: true }),
});
export type MobilityLink = z.infer<typeof mobilityLinkSchema>;
export type MobilityLinkRequestInput = z.input<typeof mobilityLinkRequestSchema>;
