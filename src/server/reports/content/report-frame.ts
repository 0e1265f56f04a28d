import type { ReportType } from '../../../shared/interface';
import type {
  BuildContext,
  ReportChart,
  ReportDocument,
  ReportSummaryItem,
  ReportTable,
} from '../report-document';
import type { ReportPeriod } from './report-period';

/** The parts every builder shares: id, type, title (decided at acceptance), period, generated-at. */
export function reportDocument(
  ctx: BuildContext,
  type: ReportType,
  parts: {
    readonly period: ReportPeriod;
    readonly assets: readonly { readonly id: number; readonly name: string }[];
    readonly summary: readonly ReportSummaryItem[];
    readonly tables: readonly ReportTable[];
    readonly charts?: readonly ReportChart[];
  },
): ReportDocument {
  return {
    reportId: ctx.reportId,
    type,
    title: ctx.title,
    periodFrom: parts.period.from,
    periodTo: parts.period.to,
    generatedAt: ctx.generatedAt,
    assets: parts.assets,
    summary: parts.summary,
    tables: parts.tables,
    charts: parts.charts ?? [],
  };
}

/** "2026-03-01"-style labels for a daily bar chart's categories. */
export const dayLabel = (day: number): string => new Date(day).toISOString().slice(5, 10);
