import type { Alarm } from '../../../shared/interface';
import type { AlarmAcknowledgementView, InboxAlarm } from '../../../shared/ipc/alarm-views';

export const serviceAlarmKey = (id: number): string => `svc:${id}`;

export function acknowledgementOf(a: Alarm): AlarmAcknowledgementView | null {
  const ack = a.acknowledgement;
  return ack
    ? { by: ack.user_name, byUserId: ack.user_id, at: Date.parse(ack.at), comment: ack.comment }
    : null;
}

/** A service alarm (shared/interface/alarms.ts) as the inbox holds it. */
export function inboxAlarmOf(a: Alarm): InboxAlarm {
  return {
    key: serviceAlarmKey(a.id),
    source: 'service',
    serviceId: a.id,
    kind: a.kind,
    severity: a.severity,
    assetId: a.asset_id,
    assetName: a.asset_name,
    raisedAt: Date.parse(a.raised_at),
    position: a.position,
    value: a.value,
    threshold: a.threshold,
    unit: a.unit,
    message: a.message,
    ruleId: a.rule_id,
    geofenceId: a.geofence_id,
    acknowledgement: acknowledgementOf(a),
  };
}
