const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** "1 h 05 min", "12 min", "40 s", "2 d 3 h". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export function formatSpeed(kmh: number | null): string {
  return kmh === null || !Number.isFinite(kmh) ? '—' : `${Math.round(kmh)} km/h`;
}

export function formatHeading(deg: number): string {
  if (!Number.isFinite(deg)) return '—';
  const norm = ((deg % 360) + 360) % 360;
  return `${Math.round(norm)}° ${COMPASS[Math.round(norm / 45) % 8]}`;
}

export function formatIgnition(code: number): string {
  return code === 1 ? 'On' : code === 0 ? 'Off' : 'Unknown';
}

export function formatKm(km: number | null): string {
  if (km === null || !Number.isFinite(km)) return '—';
  return `${km.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}

export function formatDateTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function formatSpeedFactor(speed: number): string {
  return `${speed}×`;
}
