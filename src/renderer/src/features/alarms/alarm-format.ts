import type { AlarmKind, AlarmSeverity } from '../../../../shared/interface';
import type { InboxAlarm } from '../../../../shared/ipc/alarm-views';
import type { DisplayFormat } from '../../layout/format/display-format';

/** Worst first: the order of the inbox's groups, and of "the worst severity present". */
export const SEVERITY_ORDER: readonly AlarmSeverity[] = ['critical', 'warning', 'info'];

export const SEVERITY_LABEL: Readonly<Record<AlarmSeverity, string>> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

export const KIND_LABEL: Readonly<Record<AlarmKind, string>> = {
  overspeed: 'Overspeed',
  harsh_driving: 'Harsh driving',
  geofence_enter: 'Geofence entered',
  geofence_exit: 'Geofence left',
  low_fuel: 'Low fuel',
  fuel_drain: 'Fuel drain',
  temperature_high: 'Cargo too warm',
  power_cut: 'Power cut',
  engine_fault: 'Engine fault',
  tracker_offline: 'Tracker silent',
};

/** The worst severity with a count above zero, or null when there is none. */
export function worstSeverity(counts: Readonly<Record<AlarmSeverity, number>>): AlarmSeverity | null {
  return SEVERITY_ORDER.find((s) => counts[s] > 0) ?? null;
}

const trim = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) < 10 ? 2 : 1));

/** A measure in the operator's units where the alarm's unit is one the settings choose (spec units are metric). */
function measure(n: number, unit: string | null, fmt: DisplayFormat): string {
  if (unit === 'km/h') return fmt.speed(n);
  if (unit === 'km') return fmt.distance(n);
  if (unit === 'L') return fmt.volume(n);
  if (!unit) return trim(n);
  return unit === '%' || unit === '°C' ? `${trim(n)}${unit}` : `${trim(n)} ${unit}`;
}

/** "84 km/h, limit 70 km/h"; "" for kinds without a measure (enter, exit, power cut, engine fault). */
export function measureText(a: Pick<InboxAlarm, 'value' | 'threshold' | 'unit'>, fmt: DisplayFormat): string {
  const value = a.value === null ? '' : measure(a.value, a.unit, fmt);
  const threshold = a.threshold === null ? '' : `limit ${measure(a.threshold, a.unit, fmt)}`;
  return [value, threshold].filter(Boolean).join(', ');
}

/** "14:03:12" today, "12 Mar, 14:03" on another day: the inbox is read at a glance. */
export function alarmTime(ms: number, now: number, fmt: DisplayFormat): string {
  return fmt.moment(ms, now, fmt.dayKey(ms) === fmt.dayKey(now));
}

/** "Acknowledged by Dispatcher at 14:05 — Driver called back"; null while unacknowledged. */
export function acknowledgementText(a: InboxAlarm, now: number, fmt: DisplayFormat): string | null {
  const ack = a.acknowledgement;
  if (!ack) return null;
  const base = `Acknowledged by ${ack.by} at ${alarmTime(ack.at, now, fmt)}`;
  return ack.comment ? `${base} — ${ack.comment}` : base;
}
