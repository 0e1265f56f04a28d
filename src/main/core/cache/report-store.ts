import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  jsonReportContentSchema,
  reportRequestFieldsSchema,
  type JsonReportContent,
} from '../../../shared/interface';
import type { LocalReport, LocalReportFile, LocalReportState } from '../../../shared/ipc/views';
import { parseJson } from './asset-store';

const STATES = ['waiting', 'submitting', 'queued', 'processing', 'completed', 'failed', 'retrying'] as const;
const stateSchema = z.enum(STATES) satisfies z.ZodType<LocalReportState>;
const UNFINISHED: readonly LocalReportState[] = ['waiting', 'submitting', 'queued', 'processing', 'retrying'];

/**
 * Local reports and their files, for the reports client: a request is saved
 * here before it is sent, so nothing is lost across restarts (docs/architecture.md §3).
 */
export interface ReportStore {
  save(report: LocalReport): void;
  get(localId: string): LocalReport | null;
  /** Oldest first. */
  list(): LocalReport[];
  /** Reports to pick up again after a restart or a reconnect. */
  unfinished(): LocalReport[];
  remove(localId: string): void;
  saveJsonContent(localId: string, content: JsonReportContent): void;
  jsonContent(localId: string): JsonReportContent | null;
}

interface ReportRow {
  local_id: string;
  report_id: string | null;
  request_json: string;
  title: string;
  state: string;
  queue_position: number | null;
  progress: number;
  error_message: string | null;
  retry_at: number | null;
  created_at: number;
  completed_at: number | null;
  served_from_cache: number;
  filename: string | null;
  content_type: string | null;
  size: number | null;
  path: string | null;
  saved_path: string | null;
}

const SELECT = `SELECT r.*, f.filename, f.content_type, f.size, f.path, f.saved_path
  FROM reports r LEFT JOIN report_files f ON f.local_id = r.local_id`;

export function createReportStore(db: Database.Database, now: () => number = Date.now): ReportStore {
  const q = {
    put: db.prepare(
      `INSERT INTO reports (local_id, report_id, request_json, title, state, queue_position, progress, error_message,
         retry_at, created_at, completed_at, served_from_cache, updated_at)
       VALUES (@localId, @reportId, @request, @title, @state, @queuePosition, @progress, @errorMessage,
         @retryAt, @createdAt, @completedAt, @servedFromCache, @updatedAt)
       ON CONFLICT (local_id) DO UPDATE SET report_id = excluded.report_id, request_json = excluded.request_json,
         title = excluded.title, state = excluded.state, queue_position = excluded.queue_position,
         progress = excluded.progress, error_message = excluded.error_message, retry_at = excluded.retry_at,
         completed_at = excluded.completed_at, served_from_cache = excluded.served_from_cache,
         updated_at = excluded.updated_at`,
    ),
    putFile: db.prepare(
      `INSERT INTO report_files (local_id, filename, content_type, size, path, saved_path)
       VALUES (@localId, @filename, @contentType, @size, @path, @savedPath)
       ON CONFLICT (local_id) DO UPDATE SET filename = excluded.filename, content_type = excluded.content_type,
         size = excluded.size, path = excluded.path, saved_path = excluded.saved_path`,
    ),
    get: db.prepare<[string], ReportRow>(`${SELECT} WHERE r.local_id = ?`),
    all: db.prepare<[], ReportRow>(`${SELECT} ORDER BY r.created_at, r.local_id`),
    remove: db.prepare('DELETE FROM reports WHERE local_id = ?'),
    putJson: db.prepare('UPDATE report_files SET json = ?, downloaded_at = ? WHERE local_id = ?'),
    json: db.prepare<[string], { json: string | null }>('SELECT json FROM report_files WHERE local_id = ?'),
  };

  const list = (): LocalReport[] => q.all.all().flatMap((r) => toReport(r) ?? []);

  return {
    save(report) {
      db.transaction(() => {
        q.put.run({
          localId: report.localId,
          reportId: report.reportId,
          request: JSON.stringify(report.request),
          title: report.title,
          state: report.state,
          queuePosition: report.queuePosition,
          progress: Math.round(report.progress),
          errorMessage: report.errorMessage,
          retryAt: report.retryAt,
          createdAt: report.createdAt,
          completedAt: report.completedAt,
          servedFromCache: report.servedFromCache ? 1 : 0,
          updatedAt: now(),
        });
        if (report.file) q.putFile.run({ localId: report.localId, ...report.file });
      })();
    },
    get(localId) {
      const row = q.get.get(localId);
      return row ? toReport(row) : null;
    },
    list,
    unfinished: () => list().filter((r) => UNFINISHED.includes(r.state)),
    remove(localId) {
      q.remove.run(localId);
    },
    saveJsonContent(localId, content) {
      q.putJson.run(JSON.stringify(content), now(), localId);
    },
    jsonContent(localId) {
      const row = q.json.get(localId);
      if (!row?.json) return null;
      const parsed = jsonReportContentSchema.safeParse(parseJson(row.json));
      return parsed.success ? parsed.data : null;
    },
  };
}

/** A row whose request or state no longer parses is skipped, not trusted. */
function toReport(row: ReportRow): LocalReport | null {
  const request = reportRequestFieldsSchema.safeParse(parseJson(row.request_json));
  const state = stateSchema.safeParse(row.state);
  if (!request.success || !state.success) return null;
  const file: LocalReportFile | null =
    row.filename !== null && row.content_type !== null && row.size !== null
      ? {
          filename: row.filename,
          contentType: row.content_type,
          size: row.size,
          path: row.path,
          savedPath: row.saved_path,
        }
      : null;
  return {
    localId: row.local_id,
    reportId: row.report_id,
    request: request.data,
    title: row.title,
    state: state.data,
    queuePosition: row.queue_position,
    progress: row.progress,
    errorMessage: row.error_message,
    retryAt: row.retry_at,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    servedFromCache: row.served_from_cache === 1,
    file,
  };
}
