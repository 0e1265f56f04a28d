import { parentPort } from 'node:worker_threads';
import { NoDataError } from './report-document';
import { generateReport, warmFleet } from './generate-report';
import { workerInboxSchema, type WorkerReply } from './worker-protocol';

/**
 * Worker thread entry: one job at a time, so report generation never blocks
 * the service's HTTP event loop (docs/architecture.md "Reports").
 */
const port = parentPort;
if (!port) throw new Error('report-worker must run in a worker thread');

/** Progress messages are cheap but not free: at most one per percent. */
const PROGRESS_STEP = 0.01;

const isNoData = (err: unknown): boolean =>
  err instanceof NoDataError || (err instanceof Error && err.name === 'NoDataError');

port.on('message', (raw: unknown) => {
  const parsed = workerInboxSchema.safeParse(raw);
  if (!parsed.success) return;
  const msg = parsed.data;
  if (msg.kind === 'warm') {
    try {
      warmFleet(msg.fleet.seed, msg.fleet.size);
    } catch {
      // The first job builds it again and reports the error where someone sees it.
    }
    return;
  }
  const post = (reply: WorkerReply): void => port.postMessage(reply);
  let lastSent = -1;
  generateReport(msg, (fraction) => {
    if (fraction - lastSent < PROGRESS_STEP) return;
    lastSent = fraction;
    post({ kind: 'progress', reportId: msg.reportId, fraction });
  }).then(
    ({ fileSize }) => post({ kind: 'done', reportId: msg.reportId, fileSize }),
    (err: unknown) =>
      post({
        kind: 'failed',
        reportId: msg.reportId,
        message: err instanceof Error ? err.message : String(err),
        noData: isNoData(err),
      }),
  );
});
