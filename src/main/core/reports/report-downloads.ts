import { CONTENT_TYPES, specReportFilename, type JsonReportContent } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import type { ReportsApi } from '../api/reports-api';
import { LocalReportError } from './local-report-error';
import type { ReportBook } from './report-book';
import type { ReportFiles } from './report-files';
import { subjectName } from './report-naming';

export interface ReportDownloadsOptions {
  readonly book: Pick<ReportBook, 'find' | 'list' | 'put' | 'jsonContent' | 'saveJsonContent' | 'subscribe'>;
  readonly files: ReportFiles;
  readonly api: () => ReportsApi | null;
  readonly assetName: (id: number) => string | null;
  readonly now: () => number;
  readonly log?: { warn(message: string): void };
}

export interface ReportDownloads {
  /** The report's file on disk, fetched once (concurrent callers share the download). */
  ensureFile(localId: string): Promise<LocalReport>;
  /** Fetched now for offline use; a failure is logged, and tried again when the user saves or opens it. */
  fetchInBackground(localId: string): void;
  /**
   * Every completed report whose file is missing or partial (a crash, a
   * download that failed, a file deleted by hand) is fetched in the
   * background. At start and whenever the user signs in or the service is
   * back: nothing waits for the user to click Save.
   */
  fetchMissing(): void;
  /** Json content: kept in the cache (shown in the app) and as a file (Save, Open). */
  storeJson(localId: string, content: JsonReportContent): Promise<LocalReport>;
}

/**
 * Report downloads (docs/interface-decisions.md): json kept in the cache,
 * pdf/excel/html fetched through the pre-signed URL; both kept as files
 * under dataDir for offline use.
 */
export function createReportDownloads(o: ReportDownloadsOptions): ReportDownloads {
  const { book } = o;
  const running = new Map<string, Promise<LocalReport>>();

  const storeJson = async (localId: string, content: JsonReportContent): Promise<LocalReport> => {
    const r = book.find(localId);
    const subject = subjectName(r.request, o.assetName);
    const { type, date_from, date_to, format } = r.request;
    const filename = specReportFilename(type, subject, date_from, date_to, format);
    const text = JSON.stringify(content, null, 2);
    const path = await o.files.writeText(localId, filename, text);
    // The file row must exist before its json column is written (report-store).
    const next = book.put({
      ...book.find(localId),
      file: {
        filename,
        contentType: CONTENT_TYPES.json,
        size: Buffer.byteLength(text),
        path,
        savedPath: r.file?.savedPath ?? null,
      },
    });
    book.saveJsonContent(localId, content);
    return next;
  };

  const fetchFile = async (localId: string): Promise<LocalReport> => {
    const r = book.find(localId);
    if (r.state !== 'completed' || r.reportId === null)
      throw new LocalReportError(
        'conflict',
        'This report is not ready yet; it can be saved once it is completed.',
      );
    if (await o.files.isComplete(r.file, r.request.format)) return r;
    const api = o.api();
    if (r.request.format === 'json') {
      const cached = book.jsonContent(localId);
      if (cached) return storeJson(localId, cached);
      if (!api) throw notSignedIn();
      return storeJson(localId, await api.downloadJson(r.reportId));
    }
    if (!api) throw notSignedIn();
    const reportId = r.reportId;
    const file = await o.files.download(
      localId,
      r.request.format,
      await api.downloadLink(reportId),
      () => api.downloadLink(reportId),
      o.now,
    );
    return book.put({ ...book.find(localId), file: { ...file, savedPath: r.file?.savedPath ?? null } });
  };

  const ensureFile = (localId: string): Promise<LocalReport> => {
    const current = running.get(localId);
    if (current) return current;
    const task = fetchFile(localId).finally(() => running.delete(localId));
    running.set(localId, task);
    return task;
  };

  const fetchInBackground = (localId: string): void => {
    ensureFile(localId).catch((err: unknown) =>
      o.log?.warn(
        `Report ${localId}: download deferred (${err instanceof Error ? err.message : String(err)}).`,
      ),
    );
  };

  const fetchMissing = (): void => {
    // Signed out: the json content the cache keeps is written when the user asks for it.
    if (!o.api()) return;
    for (const r of book.list())
      if (r.state === 'completed' && r.reportId !== null) fetchInBackground(r.localId);
  };

  // Kept for offline use: a report is fetched as soon as it completes.
  book.subscribe((next, prev) => {
    if (next.state === 'completed' && prev?.state !== 'completed') fetchInBackground(next.localId);
  });

  return { storeJson, ensureFile, fetchInBackground, fetchMissing };
}

const notSignedIn = (): LocalReportError =>
  new LocalReportError('not_signed_in', 'Sign in to download this report.');
