import type { ReportType } from '../../../shared/interface';
import type { BuildContext, BuildReport, ReportDocument } from '../report-document';
import { NoDataError } from '../report-document';
import { fleetAsOf } from './fleet-as-of';
import { reportPeriod } from './report-period';
import { buildAlarmsReport } from './alarms-report';
import { buildBeaconEnvironmentReport } from './beacon-environment-report';
import { buildDriverBehaviorReport } from './driver-behavior-report';
import { buildDriverScoreReport } from './driver-score-report';
import { buildFuelReport } from './fuel-report';
import { buildMileageComparisonReport } from './mileage-comparison-report';
import { buildMileageReport } from './mileage-reports';
import { buildObdReport } from './obd-report';
import { buildPortableBeaconReport } from './portable-beacon-report';
import { buildSensorReport } from './sensor-report';
import { buildTrailReport } from './trail-report';
import { buildTripReport } from './trip-report';

const BUILDERS: Readonly<Record<ReportType, (ctx: BuildContext) => ReportDocument>> = {
  trail: buildTrailReport,
  trip: buildTripReport,
  driver_behavior: buildDriverBehaviorReport,
  driver_score: buildDriverScoreReport,
  sensor: buildSensorReport,
  fuel: buildFuelReport,
  alarms_data: buildAlarmsReport,
  obd_data: buildObdReport,
  beacon_environment: buildBeaconEnvironmentReport,
  portable_beacon: buildPortableBeaconReport,
  mileage_daily: (ctx) => buildMileageReport(ctx, 'day'),
  mileage_weekly: (ctx) => buildMileageReport(ctx, 'week'),
  mileage_monthly: (ctx) => buildMileageReport(ctx, 'month'),
  mileage_comparison: buildMileageComparisonReport,
};

/**
 * One ReportDocument per request, computed from the simulated fleet as it
 * stands at ctx.generatedAt (the service's clock). Throws NoDataError when
 * the range holds nothing to report, a range wholly in the future included
 * (the report fails with its message, spec 3).
 */
export const buildReport: BuildReport = (ctx) => {
  // Requests are parsed before they get here; a job from an older queue version may still name a type we dropped.
  const builder = Object.hasOwn(BUILDERS, ctx.request.type) ? BUILDERS[ctx.request.type] : undefined;
  if (!builder) throw new Error(`Unknown report type ${String(ctx.request.type)}`);
  const requested = reportPeriod(ctx.request);
  if (requested.start > ctx.generatedAt) {
    const range = requested.from === requested.to ? requested.from : `${requested.from} to ${requested.to}`;
    throw new NoDataError(
      `No data in the date range: ${range} is in the future ` +
        `(the service's clock reads ${new Date(ctx.generatedAt).toISOString()})`,
    );
  }
  // Every builder sees the fleet as it stands now: reports end at the present.
  const doc = builder({ ...ctx, fleet: fleetAsOf(ctx.fleet, ctx.generatedAt) });
  ctx.onProgress?.(1);
  return doc;
};
