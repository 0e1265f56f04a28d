import type { ColumnKind, ReportCell, ReportColumn } from '../report-document';

/** How pdf and html print a cell; Excel keeps the typed value instead. Times are UTC. */
export function cellText(value: ReportCell, kind: ColumnKind, decimals?: number): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'datetime':
      return dateTimeText(value);
    case 'date':
      return new Date(value).toISOString().slice(0, 10);
    case 'duration_s':
      return durationText(value);
    case 'integer':
      return groupThousands(Math.round(value).toString());
    case 'number':
      return numberText(value, decimals ?? 2);
    default:
      return String(value);
  }
}

export const dateTimeText = (ms: number): string => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};

export function numberText(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  const negative = fixed.startsWith('-');
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const text = groupThousands(int) + (frac !== undefined ? `.${frac}` : '');
  // ASCII hyphen-minus, not U+2212: a number copied out of the PDF or HTML stays a number.
  return negative && Number(fixed) !== 0 ? `-${text}` : text;
}

function groupThousands(digits: string): string {
  if (digits.length <= 3) return digits;
  const negative = digits.startsWith('-');
  const d = negative ? digits.slice(1) : digits;
  let out = '';
  for (let i = 0; i < d.length; i++) {
    if (i > 0 && (d.length - i) % 3 === 0) out += ',';
    out += d[i];
  }
  return negative ? `-${out}` : out;
}

/** "3 h 05 min", "12 min 30 s", "45 s": readable by a manager, unlike raw seconds. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${groupThousands(String(h))} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(sec).padStart(2, '0')} s`;
  return `${sec} s`;
}

/** "Speed (km/h)", "Time (UTC)". */
export const headerText = (column: Pick<ReportColumn, 'label' | 'unit'>): string =>
  column.unit ? `${column.label} (${column.unit})` : column.label;

/** Numbers line up on the right in printed tables. */
export const isNumericKind = (kind: ColumnKind): boolean =>
  kind === 'integer' || kind === 'number' || kind === 'duration_s';
