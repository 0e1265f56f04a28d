import { alarmRaisedPayloadSchema, alarmSchema, type Alarm } from '../../../shared/interface';
import { parseVendorScalars } from '../api/vendor-scalars';
import { payloadIssue } from './payload-issue';

/** Our alarm events on the account channel (docs/service-interface.md §6.2), parsed with the shared schemas. */
export type AlarmEvent =
  | { readonly kind: 'raised'; readonly alarms: readonly Alarm[] }
  | { readonly kind: 'acknowledged'; readonly alarm: Alarm };

export type AlarmEventResult =
  { readonly ok: true; readonly value: AlarmEvent } | { readonly ok: false; readonly reason: string };

/** `alarm.raised` may carry one alarm or an array (as spec 6.2 allows for positions); anything else is refused whole. */
export function parseAlarmEvent(kind: AlarmEvent['kind'], payload: unknown): AlarmEventResult {
  if (kind === 'raised') {
    const parsed = parseVendorScalars(alarmRaisedPayloadSchema, payload);
    if (!parsed.success) return { ok: false, reason: payloadIssue(parsed.error) };
    return { ok: true, value: { kind, alarms: Array.isArray(parsed.data) ? parsed.data : [parsed.data] } };
  }
  const parsed = parseVendorScalars(alarmSchema, payload);
  if (!parsed.success) return { ok: false, reason: payloadIssue(parsed.error) };
  return { ok: true, value: { kind, alarm: parsed.data } };
}
