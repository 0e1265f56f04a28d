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
import { payloadIssue } from './payload-issue';

/** A spec 6.1 event, parsed with the shared schemas. */
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
      return wrap(reportQueuedEventSchema.safeParse(payload), (event) => ({ kind, event }));
    case 'processing':
      return wrap(reportProcessingEventSchema.safeParse(payload), (event) => ({ kind, event }));
    case 'completed':
      return wrap(reportCompletedEventSchema.safeParse(payload), (event) => ({ kind, event }));
    case 'failed':
      return wrap(reportFailedEventSchema.safeParse(payload), (event) => ({ kind, event }));
  }
}

function wrap<T>(parsed: z.ZodSafeParseResult<T>, make: (data: T) => ReportEvent): ReportEventResult {
  if (parsed.success) return { ok: true, value: make(parsed.data) };
  return { ok: false, reason: payloadIssue(parsed.error) };
}
