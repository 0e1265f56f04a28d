import type { z } from 'zod';
import {
  reportCompletedEventSchema,
  reportFailedEventSchema,
  reportProcessingEventSchema,
  reportQueuedEventSchema,
  type ReportCompletedEvent,
  type ReportFailedEvent,
  type ReportProcessingEvent,
  type ReportQueuedEvent,
} from '../../../shared/interface';
import { parseVendorScalars } from '../api/vendor-scalars';
import { payloadIssue } from './payload-issue';

/** A spec 6.1 event, parsed with the shared schemas (a Laravel event's scalars as api/vendor-scalars.ts reads them). */
export type ReportEvent =
  | { readonly kind: 'queued'; readonly event: ReportQueuedEvent }
  | { readonly kind: 'processing'; readonly event: ReportProcessingEvent }
  | { readonly kind: 'completed'; readonly event: ReportCompletedEvent }
  | { readonly kind: 'failed'; readonly event: ReportFailedEvent };

export type ReportEventKind = ReportEvent['kind'];

export type ReportEventResult =
  { readonly ok: true; readonly value: ReportEvent } | { readonly ok: false; readonly reason: string };

export function parseReportEvent(kind: ReportEventKind, payload: unknown): ReportEventResult {
  switch (kind) {
    case 'queued':
      return wrap(parseVendorScalars(reportQueuedEventSchema, payload), (event) => ({ kind, event }));
    case 'processing':
      return wrap(parseVendorScalars(reportProcessingEventSchema, payload), (event) => ({ kind, event }));
    case 'completed':
      return wrap(parseVendorScalars(reportCompletedEventSchema, payload), (event) => ({ kind, event }));
    case 'failed':
      return wrap(parseVendorScalars(reportFailedEventSchema, payload), (event) => ({ kind, event }));
  }
}

function wrap<T>(parsed: z.ZodSafeParseResult<T>, make: (data: T) => ReportEvent): ReportEventResult {
  if (parsed.success) return { ok: true, value: make(parsed.data) };
  return { ok: false, reason: payloadIssue(parsed.error) };
}
