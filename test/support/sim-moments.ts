/**
 * Checking a stretch of simulated time for a state a test needs (a vehicle on
 * the road, a fleet at rest, a tracker silent): at every fix of a 30 s tracker,
 * which is as finely as the app and the tracking page see the fleet move.
 */
export const SAMPLE_MS = 30_000;

export function throughout(
  from: number,
  forMs: number,
  holds: (t: number) => boolean,
  stepMs: number = SAMPLE_MS,
): boolean {
  for (let t = from; t <= from + forMs; t += stepMs) if (!holds(t)) return false;
  return true;
}

/** "Wed 18 Nov 2026 22:53 UTC": the time a failure message names. */
export function moment(ms: number): string {
  const d = new Date(ms);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const date = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${weekday} ${date} ${time} UTC`;
}
