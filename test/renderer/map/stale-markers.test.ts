import { describe, expect, it } from 'vitest';
import { STATE_STYLE } from '../../../src/renderer/src/features/map/asset-state';
import { MARKER_PALETTE, markerPalette } from '../../../src/renderer/src/features/map/map-palette';
import { markerTip } from '../../../src/renderer/src/features/map/marker-tip';
import type { LivePosition } from '../../../src/shared/ipc';
import { testFormat } from '../support/display-format';

const fmt = testFormat();

const now = new Date(2026, 10, 26, 14, 30).getTime();
const at = (t: number): LivePosition => ({
  assetId: 1,
  lat: 51.9,
  lon: 4.4,
  speed: 40,
  course: 0,
  t,
  state: 'moving',
  ignition: true,
});

/** Red, green and blue equal: a grey, whatever its lightness. */
const isGrey = (hex: string): boolean => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r !== undefined && Math.max(r, g!, b!) - Math.min(r, g!, b!) <= 12;
};

describe('markers while the live feed is down', () => {
  it('draws every state in one grey, the same palette object each time (the sprite atlas is kept)', () => {
    for (const theme of ['dark', 'light'] as const) {
      const stale = markerPalette(theme, true);
      expect(new Set(stale.state).size).toBe(1);
      expect(isGrey(stale.state[0]!)).toBe(true);
      expect(stale.state[0]).not.toBe(STATE_STYLE.moving.colour);
      expect(markerPalette(theme, true)).toBe(stale);
      expect(markerPalette(theme, false)).toBe(MARKER_PALETTE[theme]);
    }
  });

  it('says "last known HH:MM" in the tooltip while stale, and nothing extra while live', () => {
    const t = new Date(2026, 10, 26, 14, 5).getTime();
    expect(markerTip(at(t), true, now, fmt)).toBe('last known 14:05');
    expect(markerTip(at(t), false, now, fmt)).toBeNull();
    expect(markerTip(undefined, true, now, fmt)).toBeNull();
  });

  it('says a fix stamped ahead of the clock is ahead, live or not', () => {
    const ahead = at(now + 17 * 3_600_000);
    expect(markerTip(ahead, false, now, fmt)).toBe("Time ahead of this computer's clock");
    expect(markerTip(ahead, true, now, fmt)).toBe("Time ahead of this computer's clock");
  });
});
