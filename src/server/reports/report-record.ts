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

/** One report as the service keeps it (SQLite row, times in epoch ms). */
export interface ReportRecord {
  readonly id: string;
  /** Insertion order: FIFO within a priority. */
  readonly seq: number;
  readonly userId: number;
  readonly type: ReportType;
  readonly format: ReportFormat;
  readonly priority: ReportPriority;
  readonly request: ReportRequest;
  /** Same user-visible parameters → same fingerprint (the cache key, spec 1). */
  readonly fingerprint: string;
  readonly title: string;
  readonly assetInfo: AssetInfo | null;
  /** Used for the download filename: the asset's, beacon's or driver's name, or "3 assets". */
  readonly subjectName: string;
  readonly status: GenerationStatus;
  /** Generation attempts started; a crashed worker's report is retried once. */
  readonly attempts: number;
  readonly createdAt: number;
  /** When it (re-)entered the queue; the queue timeout counts from here. */
  readonly queuedAt: number;
  readonly startedAt: number | null;
  readonly completedAt: number | null;
  readonly fileName: string | null;
  readonly fileSize: number | null;
  readonly processingTimeMs: number | null;
  readonly errorMessage: string | null;
}

export type NewReport = Omit<
  ReportRecord,
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
