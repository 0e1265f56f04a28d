import type { ColumnKind, ReportCell } from '../../report-document';
import { excelNumber, excelValue } from './excel-cells';
import type { SharedStrings } from './shared-strings';
import { cellXml } from './sheet-xml';

/**
 * Writes one column's cell for a row, with its A1 reference. The `r` of a
 * cell is optional in ECMA-376 (§18.3.1.4), but readers such as ExcelJS
 * place cells by it and fail without it, so every cell names its place.
 */
export type ColumnCellWriter = (value: ReportCell, ref: string) => string;

/**
 * A writer specialised for one column's kind and style: the common case (a
 * value of the column's own type) is one string concatenation, which is what
 * makes 1.8 million cells cheap. Anything else (a null, a text in a number
 * column) takes the general path.
 */
export function columnCellWriter(kind: ColumnKind, style: number, strings: SharedStrings): ColumnCellWriter {
  const write = typedCellWriter(kind, style, strings);
  // A column repeats its value often (a parked truck's position and zero
  // speed for hours): the last cell's text after its reference is kept
  // rather than formatted again.
  let lastValue: ReportCell | undefined;
  let lastTail = '';
  return (value, ref) => {
    if (value !== lastValue) {
      lastValue = value;
      lastTail = write(value);
    }
    return `<c r="${ref}"${lastTail}`;
  };
}

/** The cell's text after `<c r="…"`: its style, type and value. */
type CellTail = (value: ReportCell) => string;

function typedCellWriter(kind: ColumnKind, style: number, strings: SharedStrings): CellTail {
  const s = style > 0 ? ` s="${style}"` : '';
  // cellXml without a reference starts "<c": the tail is what follows.
  const general: CellTail = (value) => cellXml(null, excelValue(value, kind), style, strings).slice(2);
  const open = `${s}><v>`;
  switch (kind) {
    case 'datetime':
    case 'date':
    case 'duration_s':
      return (value) =>
        typeof value === 'number' && Number.isFinite(value)
          ? `${open}${excelNumber(value, kind)}</v></c>`
          : general(value);
    case 'integer':
    case 'number':
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) ? `${open}${value}</v></c>` : general(value);
    case 'boolean':
      return (value) =>
        typeof value === 'boolean' ? `${s} t="b"><v>${value ? 1 : 0}</v></c>` : general(value);
    case 'text':
      return (value) =>
        typeof value === 'string' ? `${s} t="s"><v>${strings.index(value)}</v></c>` : general(value);
    default:
      return general;
  }
}
