import type { App, ComponentPublicInstance } from 'vue';
import { REPORTED_ERROR_LIMITS, type IpcArgs } from '../../../shared/ipc';
import { call } from '../api';

export type ErrorReport = IpcArgs<'app.reportError'>;

/** A failing timer or a render loop repeats one error many times a second; one copy tells as much. */
export const REPEAT_MS = 5_000;
/** Main limits what it logs too; this keeps a page in trouble from spending its IPC on errors. */
export const REPORTS_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

export interface ErrorReportingOptions {
  readonly now?: () => number;
  /** `call('app.reportError')` unless a test watches what leaves. */
  readonly send?: (report: ErrorReport) => Promise<unknown>;
}

/**
 * Sends the page's unhandled errors (window `error`, unhandled rejections, Vue's errorHandler) to
 * main's log, where the developers find them in the file the operator sends. Reporting never throws
 * and never reports itself: a report that cannot be made or sent is dropped. Returns the uninstaller.
 */
export function installErrorReporting(app: App, options: ErrorReportingOptions = {}): () => void {
  const now = options.now ?? Date.now;
  const send = options.send ?? ((report: ErrorReport) => call('app.reportError', report));
  const lastSent = new Map<string, number>();
  let minuteFrom = Number.NEGATIVE_INFINITY;
  let sentThisMinute = 0;
  let reporting = false;

  const report = (build: () => ErrorReport): void => {
    // An error raised while reporting (a console patched to throw, say) must not loop back in here.
    if (reporting) return;
    reporting = true;
    try {
      const r = withinLimits(build());
      const at = now();
      for (const [key, t] of lastSent) if (at - t >= REPEAT_MS || at < t) lastSent.delete(key);
      const key = `${r.kind}\n${r.message}`;
      if (lastSent.has(key)) return;
      if (at - minuteFrom >= MINUTE_MS || at < minuteFrom) {
        minuteFrom = at;
        sentThisMinute = 0;
      }
      if (sentThisMinute >= REPORTS_PER_MINUTE) return;
      sentThisMinute++;
      lastSent.set(key, at);
      send(r).catch(() => undefined);
    } catch {
      // Dropped: reporting an error must never become the page's next one.
    } finally {
      reporting = false;
    }
  };

  const onError = (event: ErrorEvent): void => report(() => fromErrorEvent(event));
  const onRejection = (event: PromiseRejectionEvent): void =>
    report(() => fromThrown('unhandledrejection', event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const previous = app.config.errorHandler;
  app.config.errorHandler = (err, instance, info) => {
    // With a handler set Vue logs nothing itself; this is its own default in production, and in
    // development it would rethrow, which would reach window's `error` and be reported twice.
    try {
      console.error(err);
    } catch {
      // A console that throws must not keep the error from main's log.
    }
    report(() => ({ ...fromThrown('vue', err), where: vueWhere(instance, info) }));
  };
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    app.config.errorHandler = previous;
  };
}

function fromErrorEvent(event: ErrorEvent): ErrorReport {
  const thrown: unknown = event.error;
  const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
  // A cross-origin script's error, or one dispatched by hand, carries a message and no error.
  const base =
    thrown == null ? { kind: 'error' as const, message: String(event.message) } : fromThrown('error', thrown);
  return where === undefined ? base : { ...base, where };
}

function fromThrown(kind: ErrorReport['kind'], thrown: unknown): ErrorReport {
  const message = describe(thrown);
  const stack = stackOf(thrown);
  return stack === undefined ? { kind, message } : { kind, message, stack };
}

function vueWhere(instance: ComponentPublicInstance | null, info: string): string {
  try {
    const name = instance?.$options.name ?? instance?.$options.__name;
    return name ? `${info} in <${name}>` : info;
  } catch {
    return info;
  }
}

/**
 * A thrown value as text, whatever it is: rejections carry anything, and a value whose toString or
 * getters throw still gets a description rather than an error of the reporter's own.
 */
export function describe(value: unknown): string {
  try {
    if (value instanceof Error) return value.message ? `${value.name}: ${value.message}` : String(value.name);
    if (typeof value === 'string') return value;
    if (value !== null && typeof value === 'object') {
      const proto: unknown = Object.getPrototypeOf(value);
      if (Array.isArray(value) || proto === Object.prototype || proto === null) {
        const json = JSON.stringify(value);
        if (typeof json === 'string') return json;
      }
    }
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return '(a value that cannot be shown as text)';
    }
  }
}

function stackOf(value: unknown): string | undefined {
  try {
    if (!(value instanceof Error)) return undefined;
    const stack: unknown = value.stack;
    return typeof stack === 'string' && stack !== '' ? stack : undefined;
  } catch {
    return undefined;
  }
}

function withinLimits(r: ErrorReport): ErrorReport {
  return {
    kind: r.kind,
    message: cut(r.message, REPORTED_ERROR_LIMITS.message),
    ...(r.stack ? { stack: cut(r.stack, REPORTED_ERROR_LIMITS.stack) } : {}),
    ...(r.where ? { where: cut(r.where, REPORTED_ERROR_LIMITS.where) } : {}),
  };
}

/** Main refuses a text past its limit, so a long one is cut here, keeping its beginning. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Half of a surrogate pair would be a broken character at the cut.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
