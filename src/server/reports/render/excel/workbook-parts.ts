import { xmlText } from './xml-text';

/** The package parts around the sheets (ECMA-376 part 2, OPC): content types, relationships, workbook, properties. */
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

export interface WorkbookSheet {
  readonly name: string;
  /** The range of its autofilter (A1:G259201), which Excel also names _xlnm._FilterDatabase. */
  readonly autoFilter?: string;
}

export const sheetPath = (index: number): string => `xl/worksheets/sheet${index + 1}.xml`;

export function contentTypesXml(sheetCount: number): string {
  let sheets = '';
  for (let i = 0; i < sheetCount; i++)
    sheets += `<Override PartName="/${sheetPath(i)}" ContentType="${SHEET_TYPE}"/>`;
  return (
    XML_HEAD +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheets +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
    '</Types>'
  );
}

export function packageRelsXml(): string {
  return (
    XML_HEAD +
    `<Relationships xmlns="${PACKAGE_REL}">` +
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
    `<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/>` +
    '</Relationships>'
  );
}

/** Sheets are rId1…rIdN, then styles and shared strings. */
export function workbookRelsXml(sheetCount: number): string {
  let rels = '';
  for (let i = 0; i < sheetCount; i++) {
    rels += `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`;
  }
  rels += `<Relationship Id="rId${sheetCount + 1}" Type="${REL}/styles" Target="styles.xml"/>`;
  rels += `<Relationship Id="rId${sheetCount + 2}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`;
  return `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}">${rels}</Relationships>`;
}

export function workbookXml(sheets: readonly WorkbookSheet[]): string {
  const list = sheets
    .map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  // Excel keeps each autofilter's range in this hidden name and repairs a file without it.
  const names = sheets
    .map((s, i) =>
      s.autoFilter
        ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(
            `'${s.name.replace(/'/g, "''")}'!${absolute(s.autoFilter)}`,
          )}</definedName>`
        : '',
    )
    .join('');
  return (
    XML_HEAD +
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets>${list}</sheets>` +
    (names ? `<definedNames>${names}</definedNames>` : '') +
    '</workbook>'
  );
}

/** A1:G10 → $A$1:$G$10. */
const absolute = (range: string): string => range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');

export function corePropsXml(title: string, created: Date): string {
  const when = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlText(title)}</dc:title><dc:creator>Fleetdesk</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

export function appPropsXml(): string {
  return (
    XML_HEAD +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
    '<Application>Fleetdesk</Application></Properties>'
  );
}
