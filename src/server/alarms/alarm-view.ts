import type { Alarm } from '../../shared/interface';
import type { Fleet } from '../sim/types';
import type { StoredAlarm } from './alarm-store';

const iso = (t: number): string => new Date(t).toISOString();

/** A stored alarm on the wire (src/shared/interface/alarms.ts). */
export function alarmView(fleet: Fleet, a: StoredAlarm): Alarm {
  return {
    id: a.id,
    kind: a.kind,
    severity: a.severity,
    asset_id: a.assetId,
    asset_name: fleet.asset(a.assetId)?.name ?? `Asset ${a.assetId}`,
    raised_at: iso(a.raisedAt),
    position: a.lat === null || a.lon === null ? null : { latitude: a.lat, longitude: a.lon },
    value: a.value,
    threshold: a.threshold,
    unit: a.unit,
    rule_id: a.ruleId,
    geofence_id: a.geofenceId,
    message: a.message,
    acknowledgement:
      a.acknowledgement === null
        ? null
        : {
            user_id: a.acknowledgement.userId,
            user_name: a.acknowledgement.userName,
            at: iso(a.acknowledgement.at),
            comment: a.acknowledgement.comment,
          },
  };
}
