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

/** The access types whose viewers prove an e-mail address; such a link names who may view it. */
export const EMAIL_ACCESS_TYPES: readonly AccessType[] = ['email', 'email_code'];
export const needsAllowedViewers = (access: AccessType): boolean => EMAIL_ACCESS_TYPES.includes(access);

export const MAX_ALLOWED_VIEWERS = 50;

/** A DNS name of two or more labels (RFC 1035 lengths), e.g. example.com. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const emailAddress = z.email();

/**
 * One allowed viewer of an e-mail link: an address (`ana@example.com`), or
 * `@example.com` for every address at exactly that domain (not its
 * subdomains). Compared in lower case (docs/interface-decisions.md).
 */
export const allowedViewerSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((v) => (v.startsWith('@') ? DOMAIN.test(v.slice(1)) : emailAddress.safeParse(v).success), {
    error: (issue) =>
      `"${String(issue.input)}" is neither an e-mail address (name@example.com) nor a whole domain (@example.com)`,
  });

/** Does `email` match one of a link's allowed viewers? */
export function isAllowedViewer(allowed: readonly string[], email: string): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = address.slice(at);
  return allowed.some((entry) => entry === address || entry === domain);
}

/**
 * Spec 2.10 request. Which fields are required is "not shown": we require
 * asset_id and access_type, and default the rest; email and email_code links
 * also require allowed_viewers, which no other type takes
 * (docs/interface-decisions.md).
 */
export const trackingLinkRequestSchema = z
  .object({
    asset_id: z.int().positive(),
    name: z.string().trim().min(1).max(120).optional(),
    access_type: accessTypeSchema,
    expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
    show_eta: z.boolean().default(false),
    show_history: z.boolean().default(false),
    /** Who may view an email / email_code link: addresses and `@domain` entries. */
    allowed_viewers: z.array(allowedViewerSchema).max(MAX_ALLOWED_VIEWERS).default([]),
  })
  .superRefine((req, ctx) => {
    const named = req.allowed_viewers.length > 0;
    if (needsAllowedViewers(req.access_type) && !named) {
      ctx.addIssue({
        code: 'custom',
        path: ['allowed_viewers'],
        message: 'Name who may view this link: e-mail addresses or @domain entries',
      });
    } else if (!needsAllowedViewers(req.access_type) && named) {
      ctx.addIssue({
        code: 'custom',
        path: ['allowed_viewers'],
        message: 'Only email and email_code links name their viewers',
      });
    }
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
  /** Who may view an email / email_code link; not in spec 2.10, so optional. */
  allowed_viewers: z.array(z.string()).optional(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
