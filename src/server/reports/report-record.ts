import type {
  GenerationStatus,
  ReportFormat,
  ReportPriority,
  ReportRequest,
  ReportType,
} from '../../shared/interface';

export interface AssetInfo {
  readonly id: number;
  readonly name: string;
}

/**
 * What a report's owner is shown of it (status, events): every stored report
 * has this, even one this version can no longer read in full.
 */
export interface ReportSummary {
  readonly id: string;
  readonly userId: number;
  readonly status: GenerationStatus;
  readonly type: string;
  readonly format: string;
  readonly title: string;
  readonly assetInfo: AssetInfo | null;
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly completedAt: number | null;
  readonly fileSize: number | null;
  readonly processingTimeMs: number | null;
  readonly errorMessage: string | null;
}

/** One report as the service keeps it (SQLite row, times in epoch ms). */
export interface ReportRecord extends ReportSummary {
  readonly readable: true;
  /** Insertion order: FIFO within a priority. */
  readonly seq: number;
  readonly type: ReportType;
  readonly format: ReportFormat;
  readonly priority: ReportPriority;
  readonly request: ReportRequest;
  /** Same user-visible parameters → same fingerprint (the cache key, spec 1). */
  readonly fingerprint: string;
  /** Used for the download filename: the asset's, beacon's or driver's name, or "3 assets". */
  readonly subjectName: string;
  /** Generation attempts started; a crashed worker's report is retried once. */
  readonly attempts: number;
  /** When it (re-)entered the queue; the queue timeout counts from here. */
  readonly queuedAt: number;
  readonly fileName: string | null;
}

/**
 * A stored report this version cannot read in full: written by a version
 * whose requests this one no longer accepts, or damaged. Without its request
 * it can never be generated, so it is failed, whatever its row said.
 */
export interface UnreadableReport extends ReportSummary {
  readonly readable: false;
  readonly status: 'failed';
  readonly errorMessage: string;
}

export type StoredReport = ReportRecord | UnreadableReport;

export type NewReport = Omit<
  ReportRecord,
  | 'readable'
  | 'seq'
  | 'status'
  | 'attempts'
  | 'startedAt'
  | 'completedAt'
  | 'fileName'
  | 'fileSize'
  | 'processingTimeMs'
  | 'errorMessage'
>;
