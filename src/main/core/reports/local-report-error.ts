/**
 * What the reports client refuses on its own, without asking the service:
 * an unknown local id, a step the report's state does not allow, a file or
 * content not (yet) here, no signed-in connection to fetch it with.
 */
export type LocalReportErrorKind = 'not_found' | 'conflict' | 'not_signed_in' | 'content_unavailable';

export class LocalReportError extends Error {
  constructor(
    readonly kind: LocalReportErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LocalReportError';
  }
}
