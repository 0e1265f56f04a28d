import { z } from 'zod';

/** Spec 6.2's .location.updated, named on the wire as Laravel's broadcastAs() names it (see REPORT_EVENTS). */
export const LOCATION_UPDATED_EVENT = 'location.updated';
export const accountChannelName = (accountKey: string): string => `private-account.${accountKey}`;

/** Spec 2.9. `status.name` values are ours: moving, idle, stopped (docs/interface-decisions.md). */
export const liveUpdateSchema = z.object({
  assetId: z.int(),
  assetName: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  speed: z.number(),
  course: z.number(),
  timestamp: z.int(),
  status: z.object({
    name: z.string(),
    ignition: z.boolean(),
    engine: z.boolean(),
  }),
});
export type LiveUpdate = z.infer<typeof liveUpdateSchema>;

/** Spec 2.9: "The payload may be a single object or an array of them." */
export const liveUpdatePayloadSchema = z.union([liveUpdateSchema, z.array(liveUpdateSchema)]);
