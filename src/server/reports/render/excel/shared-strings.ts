import { xmlText } from './xml-text';

/**
 * The workbook's shared-string table. Report texts repeat a lot (a trail's
 * "Moving"/"Idle"/"Stopped" 259,200 times), so a cell that points at one
 * entry is shorter to write and to zip than an inline string.
 */
export class SharedStrings {
  private readonly indices = new Map<string, number>();

  index(text: string): number {
    let i = this.indices.get(text);
    if (i === undefined) {
      i = this.indices.size;
      this.indices.set(text, i);
    }
    return i;
  }

  /** Without the optional total count: cells of a repeated value share one lookup (column-cells.ts). */
  xml(): string {
    let items = '';
    // xml:space keeps the leading and trailing spaces a user's text may have.
    for (const text of this.indices.keys()) items += `<si><t xml:space="preserve">${xmlText(text)}</t></si>`;
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="${this.indices.size}">` +
      `${items}</sst>`
    );
  }
}
