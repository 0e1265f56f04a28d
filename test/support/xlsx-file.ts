import ExcelJS from 'exceljs';

/**
 * ExcelJS reads what our own XLSX writer wrote: a maintained reader that did
 * not write the file. Cells under a date number format read back as Dates.
 */
export async function readXlsx(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  // ExcelJS types its input as an ArrayBuffer (it takes a Node Buffer as well): hand it exactly the file's bytes.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  await book.xlsx.load(copy.buffer);
  return book;
}

export function sheet(book: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = book.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}; sheets: ${sheetNames(book).join(', ')}`);
  return found;
}

export const sheetNames = (book: ExcelJS.Workbook): string[] => book.worksheets.map((w) => w.name);

/** Every non-empty row as its cells' values from column A (empty cells are undefined). */
export function sheetRows(ws: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  ws.eachRow((row) => {
    const values = row.values;
    rows.push(Array.isArray(values) ? values.slice(1) : []);
  });
  return rows;
}
