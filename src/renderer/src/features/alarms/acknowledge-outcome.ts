import type { IpcErrorCode } from '../../../../shared/ipc';
import type { AcknowledgeRefusal, InboxAlarm } from '../../../../shared/ipc/alarm-views';
import type { AcknowledgeOutcome } from '../../stores/alarms';
import { alarmTime } from './alarm-format';
import type { DisplayFormat } from '../../layout/format/display-format';

/** By the contract's error codes (a refusal carries one of them); any other falls back to main's message. */
const WHY: Readonly<Partial<Record<IpcErrorCode, string>>> = {
  offline: 'the service cannot be reached — try again when it is back',
  timeout: 'the service did not answer in time — try again',
  forbidden: 'this alarm is of an asset you may not access',
  not_found: 'the service no longer knows this alarm',
  unauthorized: 'the service asks you to sign in again',
  unavailable: 'the service is busy — try again shortly',
  rate_limited: 'too many requests — try again shortly',
  bad_response: 'the service answered something unexpected',
  internal: 'an error in Fleetdesk',
};

/** "Van 0003: the service cannot be reached — try again when it is back". */
export function refusalText(r: AcknowledgeRefusal, known: readonly InboxAlarm[]): string {
  const a = known.find((x) => x.key === r.key);
  // The code's words, else main's message: a code this build does not know still says something.
  return `${a ? a.assetName : 'An alarm'}: ${WHY[r.code] ?? r.message}`;
}

/**
 * What the list says after an acknowledgement: how many, and whether another
 * operator had got there first (the service keeps the first acknowledgement).
 */
export function outcomeText(
  outcome: AcknowledgeOutcome,
  myUserId: number | null,
  now: number,
  fmt: DisplayFormat,
): string {
  const n = outcome.acknowledged.length;
  const earlier = outcome.acknowledged.filter(
    (a) =>
      a.acknowledgement?.byUserId != null && myUserId !== null && a.acknowledgement.byUserId !== myUserId,
  );
  const base = n === 1 ? '1 alarm acknowledged' : `${n.toLocaleString()} alarms acknowledged`;
  const first = earlier[0]?.acknowledgement;
  if (!first) return `${base}.`;
  const who =
    earlier.length === 1
      ? `${first.by} had already acknowledged it at ${alarmTime(first.at, now, fmt)}`
      : `${earlier.length} had already been acknowledged by others`;
  return n === 1 ? `${who}.` : `${base}; ${who}.`;
}
