import type {
  CacheHitResponse,
  ReportCompletedEvent,
  ReportFailedEvent,
  ReportProcessingEvent,
  ReportQueuedEvent,
  ReportStatus,
} from '../../shared/interface';
import { humanFileSize } from './human-file-size';
import type { ReportRecord, ReportSummary } from './report-record';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Spec 2.3 file_url: the download operation, which answers per format (spec 2.4). */
export const fileUrlOf = (baseUrl: string, id: string): string =>
  `${baseUrl}/api/v1/reports/${encodeURIComponent(id)}/download`;

export interface LiveState {
  /** 0..100 while processing. */
  readonly progress: number;
  /** 1 = next to run; only while queued. */
  readonly queuePosition: number | null;
}

/** Spec 2.3, without the inline json data (the route splices it in). */
export function statusBody(r: ReportSummary, live: LiveState, baseUrl: string): ReportStatus {
  const completed = r.status === 'completed';
  const progress = completed ? 100 : r.status === 'processing' ? live.progress : 0;
  return {
    status: 'success',
    report_id: r.id,
    generation_status: r.status,
    progress,
    type: r.type,
    format: r.format,
    title: r.title,
    file_url: completed ? fileUrlOf(baseUrl, r.id) : null,
    file_size: completed ? r.fileSize : null,
    file_size_human: completed && r.fileSize !== null ? humanFileSize(r.fileSize) : null,
    processing_time_ms: r.processingTimeMs,
    created_at: new Date(r.createdAt).toISOString(),
    started_at: iso(r.startedAt),
    completed_at: iso(r.completedAt),
    error_message: r.errorMessage,
    queue_position: r.status === 'queued' ? live.queuePosition : null,
  };
}

export function cacheHitBody(r: ReportRecord, baseUrl: string): CacheHitResponse {
  return {
    ...statusBody(r, { progress: 100, queuePosition: null }, baseUrl),
    source: 'cache',
    message: 'An identical report was generated recently; it is served from the cache.',
  };
}

export function queuedEvent(
  r: ReportRecord,
  queue: { position: number; name: string; estimatedCompletion: string },
): ReportQueuedEvent {
  return {
    report_id: r.id,
    status: 'queued',
    type: r.type,
    format: r.format,
    queue_position: queue.position,
    queue_name: queue.name,
    estimated_completion: queue.estimatedCompletion,
  };
}

export function processingEvent(r: ReportRecord, startedAt: number): ReportProcessingEvent {
  return {
    report_id: r.id,
    status: 'processing',
    type: r.type,
    format: r.format,
    progress: 0,
    started_at: new Date(startedAt).toISOString(),
  };
}

/** Spec 6.1 .report.completed. */
export function completedEvent(r: ReportRecord, baseUrl: string, fromCache: boolean): ReportCompletedEvent {
  return {
    report_id: r.id,
    status: 'completed',
    type: r.type,
    format: r.format,
    title: r.title,
    file_url: fileUrlOf(baseUrl, r.id),
    file_size: r.fileSize,
    processing_time_ms: r.processingTimeMs,
    started_at: iso(r.startedAt),
    completed_at: iso(r.completedAt),
    asset_info: r.assetInfo,
    served_from_cache: fromCache,
  };
}

/** Spec 6.1 .report.failed. */
export function failedEvent(r: ReportSummary): ReportFailedEvent {
  return {
    report_id: r.id,
    status: 'failed',
    type: r.type,
    format: r.format,
    error_message: r.errorMessage ?? 'Report generation failed.',
    asset_info: r.assetInfo,
  };
}
