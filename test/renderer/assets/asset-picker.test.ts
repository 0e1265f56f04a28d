import { describe, expect, it } from 'vitest';
import {
  matchesText,
  moveActive,
  pickerMatches,
  toggleId,
  withChosenFirst,
} from '../../../src/renderer/src/features/assets/asset-picker';
import { simFleet } from '../support/sim-fleet';

const fleet = simFleet(10_000).assets;

describe('asset picker matching', () => {
  it('lists the first 50 of 10,000 assets by name and says how many more match', () => {
    const m = pickerMatches(fleet, '');
    expect(m.total).toBe(10_000);
    expect(m.shown).toHaveLength(50);
    const names = m.shown.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
    expect(matchesText(m, '')).toBe('50 of 10,000 shown — type to narrow');
  });

  it('searches as the asset list does: name, registration, VIN and IMEI', () => {
    const target = fleet[4321]!;
    expect(pickerMatches(fleet, target.name).shown.map((a) => a.id)).toContain(target.id);
    expect(pickerMatches(fleet, target.vin!).shown.map((a) => a.id)).toEqual([target.id]);
    expect(pickerMatches(fleet, target.tracker!.imei!).shown.map((a) => a.id)).toEqual([target.id]);
    const byReg = pickerMatches(fleet, target.registration!.toLowerCase());
    expect(byReg.shown.map((a) => a.id)).toContain(target.id);
  });

  it('says when one, several or no assets match', () => {
    const one = pickerMatches(fleet, fleet[7]!.vin!);
    expect(matchesText(one, fleet[7]!.vin!)).toBe('1 asset');
    const few = pickerMatches(fleet.slice(0, 3), '');
    expect(matchesText(few, '')).toBe('3 assets');
    expect(matchesText(pickerMatches(fleet, 'zeppelin'), ' zeppelin ')).toBe('No asset matches “zeppelin”');
  });

  it('keeps up with typing in a 10,000-asset fleet', () => {
    const started = performance.now();
    for (const text of ['v', 'va', 'van', 'van 0', 'van 00', 'van 001']) pickerMatches(fleet, text);
    // Six keystrokes; a frame is 16 ms, and happy-dom under a busy CI is slow: a generous bound.
    expect((performance.now() - started) / 6).toBeLessThan(100);
  });

  it('moves the active option with wrap-around, and toggles chosen ids', () => {
    expect(moveActive(-1, 1, 5)).toBe(0);
    expect(moveActive(-1, -1, 5)).toBe(4);
    expect(moveActive(4, 1, 5)).toBe(0);
    expect(moveActive(0, -1, 5)).toBe(4);
    expect(moveActive(2, 1, 0)).toBe(-1);
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe('the chosen asset in the list', () => {
  it('is put on top when it sorts beyond the first matches, keeping the count', () => {
    const m = pickerMatches(fleet, '');
    const far = fleet[9_876]!;
    const pinned = withChosenFirst(m, far);
    expect(pinned.shown[0]).toBe(far);
    expect(pinned.shown).toHaveLength(50);
    expect(pinned.shown.slice(1)).toEqual(m.shown.slice(0, 49));
    expect(pinned.total).toBe(10_000);
    expect(withChosenFirst(m, m.shown[3])).toBe(m);
  });
});
