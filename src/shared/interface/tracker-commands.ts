import { z } from 'zod';

/**
 * Spec 4.3: tracker/{id}/reset (POST), tracker/{id}/commands (GET),
 * tracker/{id}/ble (PUT). Payloads are "not shown"; these are ours.
 */
export const TRACKER_COMMAND_TYPES = ['reset', 'ble_on', 'ble_off'] as const;
/** sent: handed to the device; acknowledged: the device confirmed it. */
export const TRACKER_COMMAND_STATUSES = ['sent', 'acknowledged'] as const;

export const trackerResetRequestSchema = z
  .object({
    /** soft: reboot; hard: reboot and clear the device's buffered fixes. */
    mode: z.enum(['soft', 'hard']).default('soft'),
  })
  .default({ mode: 'soft' });

export const trackerCommandSchema = z.object({
  id: z.int().positive(),
  tracker_id: z.int().positive(),
  asset_id: z.int().positive(),
  type: z.enum(TRACKER_COMMAND_TYPES),
  parameters: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
  status: z.enum(TRACKER_COMMAND_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
  acknowledged_at: z.iso.datetime({ offset: true }).nullable(),
  created_by: z.int().positive(),
});
export type TrackerCommand = z.infer<typeof trackerCommandSchema>;

export const trackerBleRequestSchema = z.object({ enabled: z.boolean() });

export const trackerBleStateSchema = z.object({
  tracker_id: z.int().positive(),
  ble_enabled: z.boolean(),
  updated_at: z.iso.datetime({ offset: true }),
  command_id: z.int().positive(),
});
export type TrackerBleState = z.infer<typeof trackerBleStateSchema>;
export type TrackerResetMode = 'soft' | 'hard';
