import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  generationStatusSchema,
  reportFormatSchema,
  reportPrioritySchema,
  reportRequestSchema,
  reportTypeSchema,
} from '../../shared/interface';
import type { NewReport, ReportRecord } from './report-record';

/**
 * Reports live in SQLite under --data-dir so a restart loses no accepted
 * report (docs/architecture.md "Reports"). The table is created idempotently; rows are parsed on
 * the way out like any other input.
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

function toRecord(raw: unknown): ReportRecord {
  const row = rowSchema.parse(raw);
  return {
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

export interface ReportStore {
  insert(report: NewReport): ReportRecord;
  get(id: string): ReportRecord | null;
  /** Queued reports in insertion order (the queue is rebuilt from these at start). */
  listQueued(): ReportRecord[];
  /** Reports a stopped or crashed service left half-done. */
  listProcessing(): ReportRecord[];
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

export function createReportStore(db: Database.Database): ReportStore {
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

  const get = (id: string): ReportRecord | null => {
    const row: unknown = byId.get(id);
    return row === undefined ? null : toRecord(row);
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
      if (!stored) throw new Error(`report ${r.id} vanished after insert`);
      return stored;
    },
    get,
    listQueued: () => byStatus.all('queued').map(toRecord),
    listProcessing: () => byStatus.all('processing').map(toRecord),
    activeCountForUser: (userId) => countSchema.parse(activeForUser.get(userId)).n,
    findCompleted(userId, fingerprint, since) {
      const row: unknown = completedByFingerprint.get(userId, fingerprint, since);
      return row === undefined ? null : toRecord(row);
    },
    markProcessing: (id, startedAt) => void setProcessing.run(startedAt, id),
    requeue: (id, queuedAt) => void setQueued.run(queuedAt, id),
    markCompleted: (id, done) => void setCompleted.run({ id, ...done }),
    markFailed: (id, failedAt, message) => void setFailed.run(failedAt, message, id),
  };
}
