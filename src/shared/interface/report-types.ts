import { z } from 'zod';

/**
 * Spec 2.5: the fourteen report types, their maximum date range, and which
 * identifier each needs. Spec 2.1 only says asset_id is required "for most
 * types"; the rest is our reading, recorded in docs/interface-decisions.md.
 */
export const REPORT_TYPES = [
  'trail',
  'trip',
  'driver_behavior',
  'driver_score',
  'sensor',
  'fuel',
  'alarms_data',
  'obd_data',
  'beacon_environment',
  'portable_beacon',
  'mileage_daily',
  'mileage_weekly',
  'mileage_monthly',
  'mileage_comparison',
] as const;

export const reportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** Which identifier a request of this type must carry. */
export type ReportSubject =
  | 'asset' // asset_id required
  | 'asset_or_driver' // asset_id or driver_id
  | 'asset_or_beacon' // spec 2.1: beacon reports may use beacon_id instead of asset_id
  | 'beacon' // spec 2.5: portable_beacon requires beacon_id
  | 'assets'; // spec 2.1: asset_ids (or a single asset_id) for mileage reports

export interface ReportTypeInfo {
  readonly type: ReportType;
  readonly label: string;
  readonly content: string;
  readonly maxRangeDays: number;
  readonly subject: ReportSubject;
}

const info = (
  type: ReportType,
  label: string,
  content: string,
  maxRangeDays: number,
  subject: ReportSubject,
): ReportTypeInfo => ({ type, label, content, maxRangeDays, subject });

export const REPORT_CATALOGUE: Readonly<Record<ReportType, ReportTypeInfo>> = {
  trail: info('trail', 'Trail', 'GPS position history with speed, ignition, movement', 30, 'asset'),
  trip: info('trip', 'Trips', 'Trip summaries: start/end locations, distance, duration', 30, 'asset'),
  driver_behavior: info(
    'driver_behavior',
    'Driver behaviour',
    'Harsh braking, acceleration, cornering events',
    30,
    'asset_or_driver',
  ),
  driver_score: info('driver_score', 'Driver score', 'Driver performance scoring', 30, 'asset_or_driver'),
  sensor: info('sensor', 'Sensors', 'Temperature, fuel level, other sensor data', 30, 'asset'),
  fuel: info('fuel', 'Fuel', 'Fuel consumption analysis', 30, 'asset'),
  alarms_data: info('alarms_data', 'Alarms', 'Alert and alarm history', 30, 'asset'),
  obd_data: info('obd_data', 'OBD-II diagnostics', 'OBD-II vehicle diagnostics', 14, 'asset'),
  beacon_environment: info(
    'beacon_environment',
    'Beacon environment',
    'Bluetooth beacon detection events',
    14,
    'asset_or_beacon',
  ),
  portable_beacon: info('portable_beacon', 'Portable beacon', 'Portable beacon tracking', 14, 'beacon'),
  mileage_daily: info('mileage_daily', 'Daily mileage', 'Mileage aggregated by day', 30, 'assets'),
  mileage_weekly: info('mileage_weekly', 'Weekly mileage', 'Mileage aggregated by week', 90, 'assets'),
  mileage_monthly: info('mileage_monthly', 'Monthly mileage', 'Mileage aggregated by month', 365, 'assets'),
  mileage_comparison: info(
    'mileage_comparison',
    'Mileage comparison',
    'Period-over-period mileage comparison',
    365,
    'assets',
  ),
};

/** Spec 2.6. */
export const REPORT_FORMATS = ['json', 'pdf', 'excel', 'html'] as const;
export const reportFormatSchema = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

export const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  json: 'application/json',
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
};

export const FILE_EXTENSIONS: Readonly<Record<ReportFormat, string>> = {
  json: 'json',
  pdf: 'pdf',
  excel: 'xlsx',
  html: 'html',
};

export const REPORT_PRIORITIES = ['low', 'standard', 'high'] as const;
export const reportPrioritySchema = z.enum(REPORT_PRIORITIES);
export type ReportPriority = z.infer<typeof reportPrioritySchema>;

/** Spec 2.2 names reports_standard; the other two follow the same pattern. */
export const queueNameFor = (priority: ReportPriority): string => `reports_${priority}`;

/** Spec 8. */
export const REPORT_LIMITS = {
  concurrentPerUser: 3,
  queueTimeoutMs: 10 * 60 * 1000,
  downloadUrlValidityMs: 60 * 60 * 1000,
  overloadRetryAfterSeconds: 30,
  pollingIntervalMs: 3000,
  /** Spec 2.2 "recently": how long a completed report answers identical requests. */
  identicalReportCacheMs: 10 * 60 * 1000,
} as const;
