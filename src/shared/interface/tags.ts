import { z } from 'zod';

/** Spec 4.3 `tag` (beacon/tag creation, POST); the fields are ours. */
export const tagRequestSchema = z.object({
  name: z.string().trim().min(1).max(120),
  mac: z
    .string()
    .regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'must be a MAC address such as AC:23:3F:01:02:03')
    .transform((m) => m.toUpperCase()),
  portable: z.boolean().default(false),
  /** The asset the tag is attached to, if any. */
  asset_id: z.int().positive().nullable().default(null),
});

export const tagSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  mac: z.string(),
  portable: z.boolean(),
  asset_id: z.int().positive().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Tag = z.infer<typeof tagSchema>;
export type TagRequestInput = z.input<typeof tagRequestSchema>;
