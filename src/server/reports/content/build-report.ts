import type { ReportType } from '../../../shared/interface';
import type { BuildContext, BuildReport, ReportDocument } from '../report-document';
import { buildTrailReport } from './trail-report';

const BUILDERS: Partial<Record<ReportType, (ctx: BuildContext) => ReportDocument>> = {
  trail: buildTrailReport,
};

/**
 * One ReportDocument per request, computed from the simulated fleet. Throws
 * NoDataError when the range holds nothing to report (the report fails with
 * its message, spec 3).
 */
export const buildReport: BuildReport = (ctx) => {
  const builder = BUILDERS[ctx.request.type];
  if (!builder) throw new Error(`Report type ${ctx.request.type} is not available yet`);
  const doc = builder(ctx);
  ctx.onProgress?.(1);
  return doc;
};
