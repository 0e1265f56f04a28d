import type { LocalReport } from '../../../../shared/ipc';

export type StatusTone = 'muted' | 'active' | 'ok' | 'danger' | 'warning';

export interface ReportStatus {
  readonly label: string;
  readonly tone: StatusTone;
  /** A second line: the error, the countdown, why it waits. */
  readonly detail: string | null;
  /** 0–100 while processing, else null (the bar's space is reserved either way). */
  readonly progress: number | null;
}

/** "0:27", "4:05", "1:02:00": a countdown that never shows a negative number. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** What the list says about a report right now (docs/architecture.md "The renderer": live status per LocalReportState). */
export function reportStatus(r: LocalReport, now: number): ReportStatus {
  switch (r.state) {
    case 'waiting':
      return {
        label: 'Waiting locally',
        tone: 'muted',
        detail:
          r.retryAt !== null
            ? `Sends in ${formatCountdown(r.retryAt - now)}`
            : 'Sends when the service is reachable and fewer than 3 reports are in flight',
        progress: null,
      };
    case 'submitting':
      return { label: 'Submitting…', tone: 'active', detail: null, progress: null };
    case 'queued':
      return {
        label: r.queuePosition !== null ? `Queued — position ${r.queuePosition}` : 'Queued',
        tone: 'active',
        detail: null,
        progress: null,
      };
    case 'processing': {
      const pct = Math.max(0, Math.min(100, Math.round(r.progress)));
      return { label: `Processing ${pct}%`, tone: 'active', detail: null, progress: pct };
    }
    case 'completed':
      return {
        label: r.servedFromCache ? 'Completed — served from cache' : 'Completed',
        tone: 'ok',
        detail: r.file ? `${r.file.filename} · ${formatBytes(r.file.size)}` : null,
        progress: null,
      };
    case 'failed':
      return {
        label: 'Failed',
        tone: 'danger',
        detail: r.errorMessage ?? 'The service gave no reason',
        progress: null,
      };
    case 'retrying':
      return {
        label: 'Service busy (503)',
        tone: 'warning',
        detail: r.retryAt !== null ? `Retrying in ${formatCountdown(r.retryAt - now)}` : 'Retrying shortly',
        progress: null,
      };
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Which actions make sense in a state; the buttons for the others are hidden.
 * `canReveal`: the shell can show a file in a folder (not a browser tab).
 */
export function reportActions(
  r: LocalReport,
  canReveal = true,
): {
  save: boolean;
  open: boolean;
  showInFolder: boolean;
  view: boolean;
  retry: boolean;
  remove: boolean;
} {
  const done = r.state === 'completed';
  const inFlight = r.state === 'submitting' || r.state === 'queued' || r.state === 'processing';
  return {
    save: done,
    open: done,
    showInFolder: canReveal && done && (r.file?.savedPath ?? r.file?.path ?? null) !== null,
    view: done && r.request.format === 'json',
    retry: r.state === 'failed',
    // Spec 4.1 has no cancel: an in-flight report cannot be removed (main refuses too).
    remove: !inFlight,
  };
}
