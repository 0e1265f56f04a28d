import { CONTENT_TYPES, type JsonReportContent } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import { ApiError } from '../api/api-error';
import type { ReportsApi } from '../api/reports-api';
import type { ReportStore } from '../cache/report-store';
import type { ReportFiles } from './report-files';
import { specFilename, subjectName } from './report-naming';

export interface ReportDownloadsOptions {
  readonly store: ReportStore;
  readonly files: ReportFiles;
  readonly api: () => ReportsApi | null;
  readonly assetName: (id: number) => string | null;
  readonly now: () => number;
  readonly find: (localId: string) => LocalReport;
  readonly put: (report: LocalReport) => LocalReport;
  readonly stopped: () => boolean;
}

export interface ReportDownloads {
  /** The report's file on disk, fetched once (concurrent callers share the download). */
  ensureFile(localId: string): Promise<LocalReport>;
  /** Json content: kept in the cache (shown in the app) and as a file (Save, Open). */
  storeJson(localId: string, content: JsonReportContent): Promise<LocalReport>;
}

/**
 * Issue 4 §5 downloads: json kept in the cache, pdf/excel/html fetched through
 * the pre-signed URL; both kept as files under dataDir for offline use.
 */
export function createReportDownloads(o: ReportDownloadsOptions): ReportDownloads {
  const running = new Map<string, Promise<LocalReport>>();

  const storeJson = async (localId: string, content: JsonReportContent): Promise<LocalReport> => {
    const r = o.find(localId);
    const filename = specFilename(r.request, subjectName(r.request, o.assetName));
    const text = JSON.stringify(content, null, 2);
    const path = await o.files.writeText(localId, filename, text);
    // The file row must exist before its json column is written (report-store).
    const next = o.put({
      ...o.find(localId),
      file: {
        filename,
        contentType: CONTENT_TYPES.json,
        size: Buffer.byteLength(text),
        path,
        savedPath: r.file?.savedPath ?? null,
      },
    });
    if (!o.stopped()) o.store.saveJsonContent(localId, content);
    return next;
  };

  const fetchFile = async (localId: string): Promise<LocalReport> => {
    const r = o.find(localId);
    if (r.state !== 'completed' || r.reportId === null)
      throw new ApiError({
        kind: 'conflict',
        route: 'reports',
        message: 'This report is not ready yet; it can be saved once it is completed.',
      });
    if (r.file && (await o.files.exists(r.file.path))) return r;
    const api = o.api();
    if (r.request.format === 'json') {
      const cached = o.store.jsonContent(localId);
      if (cached) return storeJson(localId, cached);
      if (!api) throw notSignedIn();
      return storeJson(localId, await api.downloadJson(r.reportId));
    }
    if (!api) throw notSignedIn();
    const reportId = r.reportId;
    const file = await o.files.download(
      localId,
      await api.downloadLink(reportId),
      () => api.downloadLink(reportId),
      o.now,
    );
    return o.put({ ...o.find(localId), file: { ...file, savedPath: r.file?.savedPath ?? null } });
  };

  return {
    storeJson,
    ensureFile(localId) {
      const current = running.get(localId);
      if (current) return current;
      const task = fetchFile(localId).finally(() => running.delete(localId));
      running.set(localId, task);
      return task;
    },
  };
}

const notSignedIn = (): ApiError =>
  new ApiError({ kind: 'unauthorized', route: 'reports', message: 'Sign in to download this report.' });
