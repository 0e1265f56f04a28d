import { describe, expect, it } from 'vitest';
import { excelNumber } from '../../../../src/server/reports/render/excel/excel-cells';
import { serialWriter } from '../../../../src/server/reports/render/excel/serial-text';

describe('excel date serials written from remembered times of day', () => {
  it('read exactly as String(serial) for every 10 s of 60 days, every ms of a minute and days outside the range', () => {
    const write = serialWriter();
    const buf = new Uint8Array(32);
    const text = (serial: number): string =>
      Buffer.from(buf.subarray(0, write(buf, 0, serial))).toString('latin1');
    const times: number[] = [];
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let t = start; t < start + 60 * 86_400_000; t += 10_000) times.push(t);
    for (let ms = 0; ms < 60_000; ms++) times.push(start + 12 * 3_600_000 + ms);
    for (const date of ['1900-03-01', '1989-09-16', '1989-09-17', '2079-06-05', '2079-06-06', '2200-01-01'])
      times.push(Date.parse(`${date}T13:45:10.250Z`), Date.parse(`${date}T00:00:00Z`));
    const differing: string[] = [];
    for (const t of times) {
      const serial = excelNumber(t, 'datetime');
      if (text(serial) !== String(serial)) differing.push(`${new Date(t).toISOString()}: ${text(serial)}`);
    }
    expect(differing).toEqual([]);
    expect(times.length).toBeGreaterThan(500_000);
  });
});
