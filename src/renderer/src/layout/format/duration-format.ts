/**
 * "45 s", "12 min", "12 min 05 s", "26 h 44 min": durations stay in hours
 * however long (a report's moving time reads "26 h 44 min", not "1 d 2 h").
 */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const total = Math.round(Math.abs(seconds));
  const sign = seconds < 0 && total > 0 ? '−' : '';
  if (total < 60) return `${sign}${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) {
    const s = total % 60;
    return s === 0 ? `${sign}${minutes} min` : `${sign}${minutes} min ${String(s).padStart(2, '0')} s`;
  }
  return `${sign}${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
