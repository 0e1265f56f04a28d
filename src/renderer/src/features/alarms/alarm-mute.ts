import type { Settings } from '../../../../shared/ipc';
import type { ClockFormat } from '../../layout/format/clock-format';

/** The lengths the header offers; M mutes for the first. */
export const MUTE_MINUTES = [15, 30, 60, 120] as const;

/** Quiet now: no sound and no notification until then (the counts go on). */
export function isMuted(settings: Pick<Settings, 'alarmMuteUntil'>, now: number): boolean {
  return settings.alarmMuteUntil !== null && settings.alarmMuteUntil > now;
}

/** The instant a mute of `minutes` from now ends, on a whole minute so the header reads "until 14:30". */
export function muteEnd(minutes: number, now: number): number {
  return Math.ceil((now + minutes * 60_000) / 60_000) * 60_000;
}

/** "14:30" today, "27 Nov, 00:30" past midnight. */
export function muteUntilText(until: number, now: number, fmt: ClockFormat): string {
  return fmt.moment(until, now);
}
