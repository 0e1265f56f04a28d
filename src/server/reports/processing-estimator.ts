import type { ReportFormat } from '../../shared/interface';

/** Before any report has run: a modest guess per day of data, refined by real runs. */
const PRIOR_MS_PER_UNIT: Readonly<Record<ReportFormat, number>> = { json: 20, html: 30, excel: 40, pdf: 40 };
const SMOOTHING = 0.3;

/**
 * Spec 2.2's estimated_time_ms from the real queue state: a moving average
 * of recent processing times per format, scaled by the work a report asks
 * for (days × assets), summed over the work ahead and shared by the workers.
 */
export class ProcessingEstimator {
  private readonly msPerUnit = new Map<ReportFormat, number>();

  estimateMs(format: ReportFormat, units: number): number {
    return Math.max(1, Math.round((this.msPerUnit.get(format) ?? PRIOR_MS_PER_UNIT[format]) * units));
  }

  record(format: ReportFormat, units: number, elapsedMs: number): void {
    const sample = elapsedMs / Math.max(1, units);
    const prev = this.msPerUnit.get(format);
    this.msPerUnit.set(format, prev === undefined ? sample : prev + SMOOTHING * (sample - prev));
  }
}
