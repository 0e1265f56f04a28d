/** The operator's calendar date (YYYY-MM-DD) at `now`, in this machine's time zone: when a reminder falls due. */
export function localDate(now: number): string {
  const d = new Date(now);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
