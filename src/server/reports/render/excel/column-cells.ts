import { cellOf } from '../../column-values';
import type { ColumnKind, ColumnValues, ReportCell } from '../../report-document';
import { asciiBytes, copyBytes, writeDigits, writeNumber } from '../ascii-writers';
import { excelNumber, excelValue } from './excel-cells';
import { serialWriter } from './serial-text';
import type { SharedStrings } from './shared-strings';
import { cellXml } from './sheet-xml';

/**
 * One column's cells, each after its A1 reference (`<c r="B12`, which
 * table-sheet.ts writes): the closing quote, style, type and value. The `r`
 * of a cell is optional in ECMA-376 (§18.3.1.4), but readers such as ExcelJS
 * place cells by it and fail without it, so every cell names its place.
 */
export interface ColumnCellWriter {
  /**
   * Row `r`'s cell in the common case (a value of the column's own type),
   * written in place (ascii-writers.ts; 96 bytes of room): returns the index
   * after it, or -1 for a cell it leaves to `text`.
   */
  readonly write: (buf: Uint8Array, at: number, r: number) => number;
  /** Row `r`'s cell (a null, a text in a number column) as text. */
  readonly text: (r: number) => string;
}

/**
 * A writer specialised for one column's values, kind and style: pre-encoded
 * tokens around a number written as digits in place, read from the
 * column's typed array when content built one (column-values.ts), which is
 * what makes 1.8 million cells cheap.
 */
export function columnCellWriter(
  column: ColumnValues,
  kind: ColumnKind,
  style: number,
  strings: SharedStrings,
): ColumnCellWriter {
  const s = style > 0 ? ` s="${style}"` : '';
  // cellXml without a reference starts "<c": the rest is what follows the reference.
  const text = (r: number): string =>
    `"${cellXml(null, excelValue(cellOf(column, r), kind), style, strings).slice(2)}`;
  const cell = typedCellWriter(kind, s, strings);
  switch (column.type) {
    case 'numbers': {
      const values = column.values;
      return { text, write: (buf, at, r) => cell.number(buf, at, values[r]!) };
    }
    case 'booleans': {
      const values = column.values;
      return { text, write: (buf, at, r) => cell.boolean(buf, at, values[r] === 1) };
    }
    case 'labels': {
      const values = column.values;
      const labels = column.labels;
      return { text, write: (buf, at, r) => cell.text(buf, at, labels[values[r]!]!) };
    }
    case 'cells': {
      const values = column.values;
      return {
        text,
        write: (buf, at, r) => {
          const value: ReportCell = values[r] ?? null;
          switch (typeof value) {
            case 'number':
              return cell.number(buf, at, value);
            case 'boolean':
              return cell.boolean(buf, at, value);
            case 'string':
              return cell.text(buf, at, value);
            default:
              return -1;
          }
        },
      };
    }
  }
}

type Write<T> = (buf: Uint8Array, at: number, value: T) => number;

/** A cell of each type, as the column's kind writes it; -1 where the kind writes it otherwise. */
function typedCellWriter(
  kind: ColumnKind,
  s: string,
  strings: SharedStrings,
): { readonly number: Write<number>; readonly boolean: Write<boolean>; readonly text: Write<string> } {
  const none = (): number => -1;
  const open = asciiBytes(`"${s}><v>`);
  const close = asciiBytes('</v></c>');
  switch (kind) {
    case 'datetime':
    case 'date':
    case 'duration_s':
    case 'integer':
    case 'number': {
      const digits = kind === 'datetime' || kind === 'date' ? serialWriter() : writeNumber;
      return {
        number: (buf, at, value) =>
          Number.isFinite(value)
            ? copyBytes(buf, digits(buf, copyBytes(buf, at, open), excelNumber(value, kind)), close)
            : -1,
        boolean: none,
        text: none,
      };
    }
    case 'boolean': {
      const yes = asciiBytes(`"${s} t="b"><v>1</v></c>`);
      const no = asciiBytes(`"${s} t="b"><v>0</v></c>`);
      return { number: none, boolean: (buf, at, value) => copyBytes(buf, at, value ? yes : no), text: none };
    }
    case 'text': {
      const openText = asciiBytes(`"${s} t="s"><v>`);
      // A column repeats its texts (a trail's "Moving"/"Idle"/"Stopped"): the last one's index is kept.
      let lastText: string | undefined;
      let lastIndex = 0;
      return {
        number: none,
        boolean: none,
        text: (buf, at, value) => {
          if (value !== lastText) {
            lastText = value;
            lastIndex = strings.index(value);
          }
          return copyBytes(buf, writeDigits(buf, copyBytes(buf, at, openText), lastIndex), close);
        },
      };
    }
    default:
      return { number: none, boolean: none, text: none };
  }
}
