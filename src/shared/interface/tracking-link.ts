import { z } from 'zod';

/** Spec 2.10. */
export const ACCESS_TYPES = ['public', 'email', 'email_code', 'authorized_only'] as const;
export const accessTypeSchema = z.enum(ACCESS_TYPES);
export type AccessType = z.infer<typeof accessTypeSchema>;

export const ACCESS_TYPE_MEANING: Readonly<Record<AccessType, string>> = {
  public: 'Anyone with the link can view',
  email: 'The viewer verifies an e-mail address first',
  email_code: 'The viewer verifies an e-mail address and enters a one-time code',
  authorized_only: 'Only viewers signed in to this account (API authentication)',
};

/**
 * Spec 2.10 request. Which fields are required is "not shown": we require
 * asset_id and access_type, and default the rest (docs/interface-decisions.md).
 */
export const trackingLinkRequestSchema = z.object({
  asset_id: z.int().positive(),
  name: z.string().trim().min(1).max(120).optional(),
  access_type: accessTypeSchema,
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  show_eta: z.boolean().default(false),
  show_history: z.boolean().default(false),
});
export type TrackingLinkRequestInput = z.input<typeof trackingLinkRequestSchema>;
export type TrackingLinkRequest = z.output<typeof trackingLinkRequestSchema>;

/** Spec 2.10 response; show_history is not listed in the response, so it is optional. */
export const trackingLinkSchema = z.object({
  id: z.int(),
  uuid: z.uuid(),
  name: z.string(),
  public_url: z.string(),
  access_type: accessTypeSchema.or(z.string()),
  show_eta: z.boolean(),
  show_history: z.boolean().optional(),
  expires_at: z.string().nullable(),
  asset_id: z.int().optional(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
