import { describe, expect, it } from 'vitest';
import { isReportFilename, reportFilename, safeFilename } from '../../../src/main/core/reports/safe-filename';
import type { ReportFormat } from '../../../src/shared/interface';

const RLO = '\u202E';

describe('a report file’s name', () => {
  it.each<[served: string, format: ReportFormat, saved: string]>([
    // What the service sends.
    ['trip_van-7_20261101_20261103.pdf', 'pdf', 'trip_van-7_20261101_20261103.pdf'],
    ['trail_van-7_20261101_20261101.xlsx', 'excel', 'trail_van-7_20261101_20261101.xlsx'],
    ['fuel_van-7_20261101_20261101.html', 'html', 'fuel_van-7_20261101_20261101.html'],
    ['Маршрут Ελλάδα 東京.pdf', 'pdf', 'Маршрут Ελλάδα 東京.pdf'],
    // The extension comes from the format asked for, never from the service.
    ['report.pdf.exe', 'pdf', 'report.pdf'],
    ['report.exe', 'pdf', 'report.pdf'],
    ['report.bat', 'excel', 'report.xlsx'],
    ['report.xlsx.scr', 'excel', 'report.xlsx'],
    ['report', 'html', 'report.html'],
    ['report.PDF', 'pdf', 'report.pdf'],
    // Bidi controls that make `exe` look like `pdf`: U+202A–U+202E, U+2066–U+2069, U+200E/F.
    [`${RLO}fdp.exe`, 'pdf', 'fdp.pdf'],
    [`invoice${RLO}fdp.exe`, 'pdf', 'invoicefdp.pdf'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk.pdf', 'pdf', 'abcdefghijk.pdf'],
    // Other controls and invisible format characters.
    ['tab\there\r\nnull\u0000.pdf', 'pdf', 'tabherenull.pdf'],
    ['c1\u0085\u009Fzw\u200B\uFEFF.pdf', 'pdf', 'c1zw.pdf'],
    // Path separators and the characters Windows reserves.
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['..\\..\\Windows\\evil.pdf', 'pdf', 'evil.pdf'],
    ['a<b>c:d"e|f?g*h.pdf', 'pdf', 'a_b_c_d_e_f_g_h.pdf'],
    // Hidden, relative and trailing dots and spaces (Windows drops the trailing ones).
    ['.hidden.pdf', 'pdf', 'hidden.pdf'],
    ['..', 'pdf', 'report.pdf'],
    ['name. . ..pdf', 'pdf', 'name.pdf'],
    ['  spaced  .pdf', 'pdf', 'spaced.pdf'],
    ['', 'pdf', 'report.pdf'],
    [RLO, 'json', 'report.json'],
    // Windows device names, with or without an extension, in any case.
    ['CON', 'pdf', '_CON.pdf'],
    ['con.pdf', 'pdf', '_con.pdf'],
    ['Nul.txt.exe', 'pdf', '_Nul.txt.pdf'],
    ['PRN.xlsx', 'excel', '_PRN.xlsx'],
    ['aux.html', 'html', '_aux.html'],
    ['COM1.pdf', 'pdf', '_COM1.pdf'],
    ['com9', 'pdf', '_com9.pdf'],
    ['LPT1.pdf', 'pdf', '_LPT1.pdf'],
    ['lpt9 .pdf', 'pdf', '_lpt9.pdf'],
    ['CONIN$.pdf', 'pdf', '_CONIN$.pdf'],
    ['COM¹.pdf', 'pdf', '_COM¹.pdf'],
    // Not device names.
    ['CONSOLE.pdf', 'pdf', 'CONSOLE.pdf'],
    ['COM10.pdf', 'pdf', 'COM10.pdf'],
    ['my CON.pdf', 'pdf', 'my CON.pdf'],
  ])('%j as %s is kept as %j', (served, format, saved) => {
    expect(reportFilename(served, format)).toBe(saved);
    // The safe name is a fixed point: naming it again changes nothing.
    expect(reportFilename(saved, format)).toBe(saved);
    expect(isReportFilename(saved, format)).toBe(true);
  });

  it('caps a long name at 200 bytes of UTF-8, keeping the extension and whole characters', () => {
    for (const ch of ['a', 'é', '東', '😀']) {
      const name = reportFilename(`${ch.repeat(400)}.exe`, 'excel');
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
      expect(Buffer.byteLength(name)).toBeGreaterThan(190);
      expect(name.endsWith('.xlsx')).toBe(true);
      expect(name.slice(0, -5)).toBe(ch.repeat([...name.slice(0, -5)].length));
    }
    expect(Buffer.byteLength(reportFilename(`CON.${'x'.repeat(400)}`, 'pdf'))).toBeLessThanOrEqual(200);
  });

  it('says a name kept by an older version is not safe for its format', () => {
    expect(isReportFilename('report.pdf.exe', 'pdf')).toBe(false);
    expect(isReportFilename(`${RLO}fdp.exe`, 'pdf')).toBe(false);
    expect(isReportFilename('report.pdf', 'excel')).toBe(false);
    expect(isReportFilename('CON.pdf', 'pdf')).toBe(false);
  });
});

describe('a name from the network as a file or folder name', () => {
  it.each<[name: string, safe: string]>([
    ['0b7e9c2a-5f7d-4a43-9c1e-2f8a3f6c1d11', '0b7e9c2a-5f7d-4a43-9c1e-2f8a3f6c1d11'],
    ['trip_van-7_20261101_20261103.json', 'trip_van-7_20261101_20261103.json'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\x.pdf', 'x.pdf'],
    ['', 'report'],
    ['..', 'report'],
    [`${RLO}fdp.exe`, 'fdp.exe'],
    ['nul', '_nul'],
    ['Com3.log', '_Com3.log'],
    ['x.pdf. ', 'x.pdf'],
  ])('%j is %j', (name, safe) => {
    expect(safeFilename(name)).toBe(safe);
  });
});
