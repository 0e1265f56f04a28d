import { describe, expect, it } from 'vitest';
import { load } from '../../../bench/history/figures';

describe("bench:history's load line", () => {
  it('prints the 1, 5 and 15-minute load averages with the cores where the OS has them', () => {
    expect(load('linux')).toMatch(/^load \d+\.\d\d \d+\.\d\d \d+\.\d\d on \d+ cores$/);
    expect(load('darwin')).toMatch(/^load \d+\.\d\d \d+\.\d\d \d+\.\d\d on \d+ cores$/);
  });

  it('says Windows has none rather than printing zeros that read as a quiet machine', () => {
    expect(load('win32')).toMatch(/^no load average on Windows, \d+ cores$/);
  });
});
