import { xmlText } from './xml-text';

/** The few looks a report's sheets need; every combination becomes one cellXfs entry. */
export interface CellLook {
  readonly numFmt?: string;
  readonly font?: 'bold' | 'header' | 'title';
  readonly fill?: 'header';
  readonly align?: 'right' | 'wrap';
}

const FONT_IDS = { bold: 1, header: 2, title: 3 } as const;
const FONTS = [
  '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>',
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>',
  '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font>',
  '<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font>',
];
// Fills 0 and 1 are reserved by the format (none, gray125) whatever a file uses.
const FILL_IDS = { header: 2 } as const;
const FILLS = [
  '<fill><patternFill patternType="none"/></fill>',
  '<fill><patternFill patternType="gray125"/></fill>',
  '<fill><patternFill patternType="solid"><fgColor rgb="FF1F2937"/><bgColor indexed="64"/></patternFill></fill>',
];
/** Custom number formats start at 164; lower ids are Excel's built-ins. */
const FIRST_CUSTOM_FORMAT = 164;

/** Hands out style indices (the `s` of a cell) and writes xl/styles.xml for them. */
export class XlsxStyles {
  private readonly formats = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['', 0]]);
  private readonly xfXml = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];

  /** The style index of a look; 0 (no attribute needed) for the default look. */
  index(look: CellLook): number {
    const key = `${look.numFmt ?? ''}|${look.font ?? ''}|${look.fill ?? ''}|${look.align ?? ''}`;
    if (key === '|||') return 0;
    let id = this.xfs.get(key);
    if (id === undefined) {
      id = this.xfXml.length;
      this.xfs.set(key, id);
      this.xfXml.push(this.xf(look));
    }
    return id;
  }

  xml(): string {
    const formats = [...this.formats].map(
      ([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`,
    );
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (formats.length > 0 ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : '') +
      `<fonts count="${FONTS.length}">${FONTS.join('')}</fonts>` +
      `<fills count="${FILLS.length}">${FILLS.join('')}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfXml.length}">${this.xfXml.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }

  private xf(look: CellLook): string {
    const numFmtId = look.numFmt === undefined ? 0 : this.formatId(look.numFmt);
    const fontId = look.font ? FONT_IDS[look.font] : 0;
    const fillId = look.fill ? FILL_IDS[look.fill] : 0;
    let attrs = `numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"`;
    if (numFmtId) attrs += ' applyNumberFormat="1"';
    if (fontId) attrs += ' applyFont="1"';
    if (fillId) attrs += ' applyFill="1"';
    if (!look.align) return `<xf ${attrs}/>`;
    const alignment = look.align === 'wrap' ? '<alignment wrapText="1"/>' : '<alignment horizontal="right"/>';
    return `<xf ${attrs} applyAlignment="1">${alignment}</xf>`;
  }

  private formatId(code: string): number {
    let id = this.formats.get(code);
    if (id === undefined) {
      id = FIRST_CUSTOM_FORMAT + this.formats.size;
      this.formats.set(code, id);
    }
    return id;
  }
}
