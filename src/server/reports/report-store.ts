import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  generationStatusSchema,
  reportFormatSchema,
  reportPrioritySchema,
  reportRequestSchema,
  reportTypeSchema,
} from '../../shared/interface';
import type { ServiceContext } from '../context';
import type { AssetInfo, NewReport, ReportRecord, StoredReport } from './report-record';

/**
 * Reports live in SQLite under --data-dir so a restart loses no accepted
 * report (docs/architecture.md "Reports"). The table is created idempotently; rows are parsed on
 * the way out like any other input, and one that does not parse fails its report (see `read`).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS reports (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  format TEXT NOT NULL,
  priority TEXT NOT NULL,
  request_json TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  title TEXT NOT NULL,
  asset_info_json TEXT,
  subject_name TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  queued_at INTEGER NOT NULL,
  started_at INTEGER,
  completed_at INTEGER,
  file_name TEXT,
  file_size INTEGER,
  processing_time_ms INTEGER,
  error_message TEXT
);
CREATE INDEX IF NOT EXISTS reports_by_status ON reports(status, seq);
CREATE INDEX IF NOT EXISTS reports_by_user_status ON reports(user_id, status);
CREATE INDEX IF NOT EXISTS reports_by_fingerprint ON reports(user_id, fingerprint, completed_at);
`;

const nullableInt = z.number().int().nullable();
const rowSchema = z.object({
  seq: z.number().int(),
  id: z.string(),
  user_id: z.number().int(),
  type: reportTypeSchema,
  format: reportFormatSchema,
  priority: reportPrioritySchema,
  request_json: z.string(),
  fingerprint: z.string(),
  title: z.string(),
  asset_info_json: z.string().nullable(),
  subject_name: z.string(),
  status: generationStatusSchema,
  attempts: z.number().int(),
  created_at: z.number().int(),
  queued_at: z.number().int(),
  started_at: nullableInt,
  completed_at: nullableInt,
  file_name: z.string().nullable(),
  file_size: nullableInt,
  processing_time_ms: nullableInt,
  error_message: z.string().nullable(),
});
const assetInfoSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * What is still shown of a row {@link toRecord} refuses. Only id, user and
 * status must hold: without them the report is nobody's, or in no known state.
 */
const shownRowSchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  status: generationStatusSchema,
  type: z.string().catch('unknown'),
  format: z.string().catch('unknown'),
  title: z.string().catch('Report'),
  asset_info_json: z.string().nullable().catch(null),
  created_at: nullableInt.catch(null),
  started_at: nullableInt.catch(null),
  completed_at: nullableInt.catch(null),
  error_message: z.string().nullable().catch(null),
});

export const UNREADABLE_REPORT_MESSAGE =
  'This report was stored by another version of the service, or its record is damaged, and cannot be generated; request it again.';

function toRecord(raw: unknown): ReportRecord {
  const row = rowSchema.parse(raw);
  return {
    readable: true,
    id: row.id,
    seq: row.seq,
    userId: row.user_id,
    type: row.type,
    format: row.format,
    priority: row.priority,
    request: reportRequestSchema.parse(JSON.parse(row.request_json)),
    fingerprint: row.fingerprint,
    title: row.title,
    assetInfo: row.asset_info_json === null ? null : assetInfoSchema.parse(JSON.parse(row.asset_info_json)),
    subjectName: row.subject_name,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    fileName: row.file_name,
    fileSize: row.file_size,
    processingTimeMs: row.processing_time_ms,
    errorMessage: row.error_message,
  };
}

function shownAssetInfo(json: string | null): AssetInfo | null {
  if (json === null) return null;
  try {
    return assetInfoSchema.parse(JSON.parse(json));
  } catch {
    return null;
  }
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Every read goes through one reader: a row this version cannot read comes
 * back as an {@link UnreadableReport}, failed in the database as it is read,
 * and a row without a readable id, user or status as no report at all.
 */
export interface ReportStore {
  insert(report: NewReport): ReportRecord;
  get(id: string): StoredReport | null;
  /**
   * Queued reports in insertion order (the queue is rebuilt from these at start).
   * An unreadable one comes back just failed, for the caller to announce.
   */
  listQueued(): StoredReport[];
  /** Reports a stopped or crashed service left half-done; an unreadable one as in {@link listQueued}. */
  listProcessing(): StoredReport[];
  activeCountForUser(userId: number): number;
  /** The newest completed report with this fingerprint completed at or after `since`. */
  findCompleted(userId: number, fingerprint: string, since: number): ReportRecord | null;
  markProcessing(id: string, startedAt: number): void;
  requeue(id: string, queuedAt: number): void;
  markCompleted(
    id: string,
    done: {
      completedAt: number;
      fileName: string;
      fileSize: number;
      processingTimeMs: number;
    },
  ): void;
  markFailed(id: string, failedAt: number, message: string): void;
}

export function createReportStore(
  db: Database.Database,
  ctx: Pick<ServiceContext, 'now' | 'log'>,
): ReportStore {
  db.exec(SCHEMA);
  const insert = db.prepare(`
    INSERT INTO reports (id, user_id, type, format, priority, request_json, fingerprint, title,
      asset_info_json, subject_name, status, created_at, queued_at)
    VALUES (@id, @user_id, @type, @format, @priority, @request_json, @fingerprint, @title,
      @asset_info_json, @subject_name, 'queued', @created_at, @queued_at)`);
  const byId = db.prepare('SELECT * FROM reports WHERE id = ?');
  const byStatus = db.prepare('SELECT * FROM reports WHERE status = ? ORDER BY seq');
  const activeForUser = db.prepare(
    "SELECT count(*) AS n FROM reports WHERE user_id = ? AND status IN ('queued', 'processing')",
  );
  const completedByFingerprint = db.prepare(`
    SELECT * FROM reports WHERE user_id = ? AND fingerprint = ? AND status = 'completed' AND completed_at >= ?
    ORDER BY completed_at DESC LIMIT 1`);
  const setProcessing = db.prepare(
    "UPDATE reports SET status = 'processing', started_at = ?, attempts = attempts + 1 WHERE id = ?",
  );
  const setQueued = db.prepare(
    "UPDATE reports SET status = 'queued', queued_at = ?, started_at = NULL WHERE id = ?",
  );
  const setCompleted = db.prepare(`
    UPDATE reports SET status = 'completed', completed_at = @completedAt, file_name = @fileName,
      file_size = @fileSize, processing_time_ms = @processingTimeMs, error_message = NULL
    WHERE id = @id`);
  const setFailed = db.prepare(
    "UPDATE reports SET status = 'failed', completed_at = ?, error_message = ? WHERE id = ?",
  );
  const countSchema = z.object({ n: z.number().int() });

  /**
   * Rows outlive the version that wrote them (--data-dir), and a request
   * schema tightened since, or a damaged row, must not stop the queue, the
   * sweep or a status request: such a report is failed in place, once, so
   * every later read agrees.
   */
  const read = (raw: unknown): StoredReport | null => {
    let reason: unknown;
    try {
      return toRecord(raw);
    } catch (err) {
      reason = err;
    }
    const shown = shownRowSchema.safeParse(raw);
    if (!shown.success) {
      ctx.log.warn('reports: a stored report cannot be read at all and is ignored', {
        reason: reasonOf(reason),
      });
      return null;
    }
    const row = shown.data;
    // A report that had already failed keeps its own reason and time: they are still true.
    const failsNow = row.status !== 'failed';
    const completedAt = failsNow ? ctx.now() : row.completed_at;
    const errorMessage = failsNow
      ? UNREADABLE_REPORT_MESSAGE
      : (row.error_message ?? UNREADABLE_REPORT_MESSAGE);
    if (failsNow) {
      setFailed.run(completedAt, errorMessage, row.id);
      ctx.log.warn('reports: a stored report cannot be read and has failed', {
        id: row.id,
        reason: reasonOf(reason),
      });
    }
    return {
      readable: false,
      id: row.id,
      userId: row.user_id,
      status: 'failed',
      type: row.type,
      format: row.format,
      title: row.title,
      assetInfo: shownAssetInfo(row.asset_info_json),
      createdAt: row.created_at ?? completedAt ?? ctx.now(),
      startedAt: row.started_at,
      completedAt,
      fileSize: null,
      processingTimeMs: null,
      errorMessage,
    };
  };
  const readAll = (rows: unknown[]): StoredReport[] => rows.flatMap((raw) => read(raw) ?? []);

  const get = (id: string): StoredReport | null => {
    const row: unknown = byId.get(id);
    return row === undefined ? null : read(row);
  };

  return {
    insert(r) {
      insert.run({
        id: r.id,
        user_id: r.userId,
        type: r.type,
        format: r.format,
        priority: r.priority,
        request_json: JSON.stringify(r.request),
        fingerprint: r.fingerprint,
        title: r.title,
        asset_info_json: r.assetInfo === null ? null : JSON.stringify(r.assetInfo),
        subject_name: r.subjectName,
        created_at: r.createdAt,
        queued_at: r.queuedAt,
      });
      const stored = get(r.id);
      if (!stored?.readable) throw new Error(`report ${r.id} cannot be read back after insert`);
      return stored;
    },
    get,
    listQueued: () => readAll(byStatus.all('queued')),
    listProcessing: () => readAll(byStatus.all('processing')),
    activeCountForUser: (userId) => countSchema.parse(activeForUser.get(userId)).n,
    findCompleted(userId, fingerprint, since) {
      const row: unknown = completedByFingerprint.get(userId, fingerprint, since);
      const report = row === undefined ? null : read(row);
      return report?.readable ? report : null;
    },
    markProcessing: (id, startedAt) => void setProcessing.run(startedAt, id),
    requeue: (id, queuedAt) => void setQueued.run(queuedAt, id),
    markCompleted: (id, done) => void setCompleted.run({ id, ...done }),
    markFailed: (id, failedAt, message) => void setFailed.run(failedAt, message, id),
  };
}
