import type { IpcParsedArgs } from '../../../shared/ipc/contract';
import type { Notice } from '../../../shared/ipc/views';

export type RendererErrorReport = IpcParsedArgs<'app.reportError'>;

/**
 * The page limits itself too (layout/error-reporting.ts); this holds against a page that does not,
 * a loop that reloads it or a bug in its own limit, so the log file cannot fill the disk.
 */
export const RENDERER_ERRORS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

export interface RendererErrorsOptions {
  readonly log: { error(message: string): void };
  readonly now: () => number;
  readonly notify: (notice: Notice) => void;
  /** Where the operator finds the log, in the notice's words (it differs per shell). */
  readonly logsHint: string;
  readonly perMinute?: number;
}

export interface RendererErrors {
  report(error: RendererErrorReport): void;
  /** Logs how many were left out of the minute under way; the core calls it when it stops. */
  flush(): void;
}

/**
 * Renderer errors into main's log: one entry each, at most `perMinute` a minute, then one line
 * saying how many were not written. The operator is told once per run that the screen broke:
 * the notice is about the screen they rely on, the log entries are for the developers.
 */
export function createRendererErrors(o: RendererErrorsOptions): RendererErrors {
  const perMinute = o.perMinute ?? RENDERER_ERRORS_PER_MINUTE;
  let minuteFrom = Number.NEGATIVE_INFINITY;
  let written = 0;
  let left = 0;
  let noticed = false;

  const flush = (): void => {
    if (left === 0) return;
    o.log.error(
      `Renderer errors: ${left} more in the minute from ${new Date(minuteFrom).toISOString()} were not logged (at most ${perMinute} a minute are).`,
    );
    left = 0;
  };

  return {
    report(error) {
      const at = o.now();
      // A clock set back starts a minute afresh rather than holding the log shut until it catches up.
      if (at - minuteFrom >= MINUTE_MS || at < minuteFrom) {
        flush();
        minuteFrom = at;
        written = 0;
      }
      if (written >= perMinute) {
        left++;
        return;
      }
      written++;
      o.log.error(logEntry(error));
      if (noticed) return;
      noticed = true;
      // One id per run: dismissed, it stays so for this run's later errors, and a later run can tell again.
      o.notify({
        id: `renderer:error:${at}`,
        kind: 'error',
        message: `Something went wrong on this screen. You can keep working; restart Fleetdesk if something looks wrong. The details are in ${o.logsHint}.`,
        at,
      });
    },
    flush,
  };
}

/**
 * The page's texts are untrusted: a line break or a control character in them could forge an entry
 * of the log's own, so the head is one line and each line of the stack is indented under it.
 */
function logEntry(e: RendererErrorReport): string {
  const message = oneLine(e.message);
  const where = e.where ? ` at ${oneLine(e.where)}` : '';
  const lines = (e.stack ?? '')
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map(oneLine)
    .filter((line) => line.trim() !== '');
  // V8's stack starts with the error's own "Name: message", which the head already says.
  if (lines[0] === message) lines.shift();
  return [`Renderer error (${e.kind})${where}: ${message}`, ...lines.map((l) => `    ${l.trimStart()}`)].join(
    '\n',
  );
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function oneLine(text: string): string {
  return text.replace(CONTROL, ' ');
}
