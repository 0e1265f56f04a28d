import { z } from 'zod';
import {
  assetGroupBodySchema,
  fuelEntryBodySchema,
  odometerEntryBodySchema,
  recordMetaSchema,
  renewalReminderBodySchema,
  serviceReminderBodySchema,
} from './fleet-records';

/**
 * The spec 4.3 records as the service answers them: the body the service
 * accepted, plus id, created_at and updated_at (docs/service-interface.md §4.3
 * "Records"). A client parses answers with these; the bodies' defaults fill
 * what a sparser service leaves out.
 */
export const assetGroupSchema = z.intersection(assetGroupBodySchema, recordMetaSchema);
export type AssetGroup = z.output<typeof assetGroupSchema>;
export type AssetGroupBody = z.input<typeof assetGroupBodySchema>;

export const serviceReminderSchema = z.intersection(serviceReminderBodySchema, recordMetaSchema);
export type ServiceReminder = z.output<typeof serviceReminderSchema>;
export type ServiceReminderBody = z.input<typeof serviceReminderBodySchema>;

export const renewalReminderSchema = z.intersection(renewalReminderBodySchema, recordMetaSchema);
export type RenewalReminder = z.output<typeof renewalReminderSchema>;
export type RenewalReminderBody = z.input<typeof renewalReminderBodySchema>;

export const fuelEntrySchema = z.intersection(fuelEntryBodySchema, recordMetaSchema);
export type FuelEntry = z.output<typeof fuelEntrySchema>;
export type FuelEntryBody = z.input<typeof fuelEntryBodySchema>;

export const odometerEntrySchema = z.intersection(odometerEntryBodySchema, recordMetaSchema);
export type OdometerEntry = z.output<typeof odometerEntrySchema>;
export type OdometerEntryBody = z.input<typeof odometerEntryBodySchema>;
