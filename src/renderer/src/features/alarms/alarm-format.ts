import type { AlarmKind, AlarmSeverity } from '../../../../shared/interface';
import type { InboxAlarm } from '../../../../shared/ipc/alarm-views';

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

/** "84 km/h, limit 70 km/h"; "" for kinds without a measure (enter, exit, power cut, engine fault). */
export function measureText(a: Pick<InboxAlarm, 'value' | 'threshold' | 'unit'>): string {
  const unit = a.unit ? (a.unit === '%' || a.unit === '°C' ? a.unit : ` ${a.unit}`) : '';
  const value = a.value === null ? '' : `${trim(a.value)}${unit}`;
  const threshold = a.threshold === null ? '' : `limit ${trim(a.threshold)}${unit}`;
  return [value, threshold].filter(Boolean).join(', ');
}

const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "14:03:12" today, "12 Mar 14:03" on another day: the inbox is read at a glance. */
export function alarmTime(ms: number, now: number): string {
  const d = new Date(ms);
  if (sameDay(d, new Date(now)))
    return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return d.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** "Acknowledged by Dispatcher at 14:05 — Driver called back"; null while unacknowledged. */
export function acknowledgementText(a: InboxAlarm, now: number): string | null {
  const ack = a.acknowledgement;
  if (!ack) return null;
  const base = `Acknowledged by ${ack.by} at ${alarmTime(ack.at, now)}`;
  return ack.comment ? `${base} — ${ack.comment}` : base;
}
