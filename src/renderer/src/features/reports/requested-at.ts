const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * When a report was asked for, in the operator's own clock and date format
 * (the system locale): the time alone today, the date with it before.
 */
export function requestedAt(createdAt: number, now: number): string {
  const at = new Date(createdAt);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (sameDay(at, new Date(now))) return `Requested ${time}`;
  const date = at.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(at.getFullYear() !== new Date(now).getFullYear() ? { year: 'numeric' } : {}),
  });
  return `Requested ${date}, ${time}`;
}

/** The full instant, for the tooltip. */
export function requestedAtFull(createdAt: number): string {
  return new Date(createdAt).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'medium' });
}
