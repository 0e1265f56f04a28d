/**
 * "14:05" for a moment today, "25 Nov 14:05" for another day: how the live-feed words name a moment
 * ("last known 14:05", "unknown since 14:05"), where an age alone would keep changing under the reader.
 */
export function clockTime(ms: number, now: number): string {
  const at = new Date(ms);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === new Date(now).toDateString()) return time;
  return `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time}`;
}
