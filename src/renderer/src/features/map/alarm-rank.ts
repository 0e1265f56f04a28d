import type { AlarmSeverity } from '../../../../shared/interface';

/** Severities as numbers, the worst lowest: what a cluster keeps of its members' alarms is the least. */
export const SEVERITY_RANK: Readonly<Record<AlarmSeverity, number>> = { critical: 0, warning: 1, info: 2 };
export const SEVERITY_OF_RANK: readonly AlarmSeverity[] = ['critical', 'warning', 'info'];
/** Ranked after every severity: no unacknowledged alarm. */
export const NO_ALARM = 3;
