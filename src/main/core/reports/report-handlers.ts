import { copyFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CONTENT_TYPES } from '../../../shared/interface';
import type { LocalReport } from '../../../shared/ipc/views';
import type { DomainHandlers, ShellServices } from '../ipc-handlers';
import { LocalReportError } from './local-report-error';
import type { ReportClient } from './report-client';

type DownloadedReport = LocalReport & {
  readonly file: NonNullable<LocalReport['file']> & { readonly path: string };
};

export function reportHandlers(reports: ReportClient, shell: ShellServices): DomainHandlers<'reports'> {
  const requireFile = async (localId: string): Promise<DownloadedReport> => {
    const r = await reports.ensureFile(localId);
    const path = r.file?.path ?? null;
    if (!r.file || path === null) throw new LocalReportError('conflict', 'The report file is not available.');
    return { ...r, file: { ...r.file, path } };
  };

  return {
    'reports.submit': ({ request, allowDuplicate }) => reports.submit(request, { allowDuplicate }),
    'reports.list': async () => reports.list(),
    'reports.retry': ({ localId }) => reports.retry(localId),
    'reports.remove': async ({ localId }) => {
      await reports.remove(localId);
      return null;
    },
    'reports.data': ({ localId }) => reports.data(localId),
    'reports.save': async ({ localId }) => {
      const r = await requireFile(localId);
      // The safe name the file is kept under (report-files), and the requested format's type.
      const target = await shell.chooseSavePath(r.file.filename, CONTENT_TYPES[r.request.format]);
      if (target === null) return { saved: false, path: null };
      await mkdir(dirname(target), { recursive: true });
      await copyFile(r.file.path, target);
      reports.markSaved(localId, target);
      return { saved: true, path: target };
    },
    'reports.open': async ({ localId }) => {
      await shell.openPath((await requireFile(localId)).file.path);
      return null;
    },
    'reports.showInFolder': async ({ localId }) => {
      await shell.showInFolder((await requireFile(localId)).file.path);
      return null;
    },
  };
}
