const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Spec 2.3 file_size_human: "512 B", "1.4 MB" (binary multiples, one decimal below 10). */
export function humanFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}
