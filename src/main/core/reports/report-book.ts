import type { JsonReportContent } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import type { ReportStore } from '../cache/report-store';
import { LocalReportError } from './local-report-error';

/** A report changed: `prev` is null for a new one. Told after the renderer has been. */
export type ReportChangeListener = (next: LocalReport, prev: LocalReport | null) => void;

export interface ReportBookOptions {
  readonly store: ReportStore;
  onChanged(report: LocalReport): void;
  onRemoved(localId: string): void;
}

/**
 * The one owner of local reports (architecture.md §3): the reports in
 * memory, their rows in the cache (every change saved before anyone hears of
 * it) and the change notices, to the renderer first, then to whoever in the
 * core reacts to a change (the sender frees a place, downloads fetch a file).
 */
export interface ReportBook {
  /** What a previous run left; `resume` adjusts each report once (saved if it changes). */
  load(resume: (r: LocalReport) => LocalReport): void;
  find(localId: string): LocalReport;
  byReportId(reportId: string): LocalReport | undefined;
  /** Oldest first. */
  list(): LocalReport[];
  put(next: LocalReport): LocalReport;
  /** `change` applied to the current report; null if there is none. */
  update(localId: string, change: (r: LocalReport) => LocalReport): LocalReport | null;
  remove(localId: string): void;
  jsonContent(localId: string): JsonReportContent | null;
  /** The report's file row must exist first (report-store). */
  saveJsonContent(localId: string, content: JsonReportContent): void;
  subscribe(listener: ReportChangeListener): () => void;
  /** The app stops and the cache closes: answers still in flight change nothing from now on. */
  close(): void;
}

export function createReportBook(options: ReportBookOptions): ReportBook {
  const { store } = options;
  const reports = new Map<string, LocalReport>();
  const listeners = new Set<ReportChangeListener>();
  let closed = false;

  const find = (localId: string): LocalReport => {
    const r = reports.get(localId);
    if (!r) throw new LocalReportError('not_found', 'There is no such report here.');
    return r;
  };

  const put = (next: LocalReport): LocalReport => {
    const prev = reports.get(next.localId) ?? null;
    if (prev === next || closed) return next;
    // Saved first: a save that fails (the disk full) leaves memory as the disk has it, and the caller hears why.
    store.save(next);
    reports.set(next.localId, next);
    options.onChanged(next);
    for (const l of [...listeners]) l(next, prev);
    return next;
  };

  return {
    load(resume) {
      for (const r of store.list()) {
        const resumed = resume(r);
        reports.set(r.localId, resumed);
        if (resumed !== r) store.save(resumed);
      }
    },
    find,
    byReportId(reportId) {
      for (const r of reports.values()) if (r.reportId === reportId) return r;
      return undefined;
    },
    list: () => [...reports.values()].sort((a, b) => a.createdAt - b.createdAt),
    put,
    update(localId, change) {
      const r = reports.get(localId);
      if (!r) return null;
      const next = change(r);
      return next === r ? r : put(next);
    },
    remove(localId) {
      if (closed || !reports.has(localId)) return;
      store.remove(localId);
      reports.delete(localId);
      options.onRemoved(localId);
    },
    jsonContent: (localId) => store.jsonContent(localId),
    saveJsonContent(localId, content) {
      if (!closed) store.saveJsonContent(localId, content);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
    },
  };
}
