import type { ReminderBadge } from '../../../../shared/ipc';

/** "2 overdue, 1 due soon": a badge's meaning in words (its title and what a screen reader hears). */
export function badgeText(b: Pick<ReminderBadge, 'overdue' | 'dueSoon'>): string {
  const parts: string[] = [];
  if (b.overdue > 0) parts.push(`${b.overdue} overdue`);
  if (b.dueSoon > 0) parts.push(`${b.dueSoon} due soon`);
  return parts.length === 0 ? 'No maintenance due' : `Maintenance: ${parts.join(', ')}`;
}
