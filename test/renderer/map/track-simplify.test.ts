import { describe, expect, it } from 'vitest';
import { simplifyTrack } from '../../../src/renderer/src/features/map/track-simplify';

interface Track {
  x: Float32Array;
  y: Float32Array;
  band: Uint8Array;
}

function track(points: readonly [number, number, number][]): Track {
  return {
    x: Float32Array.from(points.map((p) => p[0])),
    y: Float32Array.from(points.map((p) => p[1])),
    band: Uint8Array.from(points.map((p) => p[2])),
  };
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - ax - u * dx, py - ay - u * dy);
}

/** A month-like track: a city's roads driven again and again, fixes 1.5–3 px apart, with sensor noise. */
function wanderingTrack(n: number): [number, number, number][] {
  let seed = 5;
  const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: [number, number, number][] = [];
  let x = 500;
  let y = 500;
  let heading = 0;
  let band = 2;
  for (let i = 0; i < n; i++) {
    if (rand() < 0.02) heading += (rand() < 0.5 ? -1 : 1) * (Math.PI / 2);
    if (rand() < 0.01) band = Math.floor(rand() * 6);
    x += Math.cos(heading) * (1.5 + rand() * 1.5) + (rand() - 0.5) * 0.2;
    y += Math.sin(heading) * (1.5 + rand() * 1.5) + (rand() - 0.5) * 0.2;
    out.push([x, y, band]);
  }
  return out;
}

describe('simplifying a projected track', () => {
  it('keeps every dropped vertex within the tolerance of the segment kept in its place', () => {
    const points = wanderingTrack(20_000);
    const t = track(points);
    const kept = simplifyTrack(t.x, t.y, t.band, points.length, 0.25);
    expect(kept).toBeLessThan(points.length / 2);
    // Walk the original vertices against the kept ones, which are a subsequence of them.
    let k = 0;
    for (let i = 0; i < points.length; i++) {
      const [px, py] = points[i]!;
      if (k < kept && Math.fround(px) === t.x[k] && Math.fround(py) === t.y[k]) {
        k++;
        continue;
      }
      const d = distanceToSegment(
        Math.fround(px),
        Math.fround(py),
        t.x[k - 1]!,
        t.y[k - 1]!,
        t.x[k]!,
        t.y[k]!,
      );
      expect(d).toBeLessThanOrEqual(0.25 + 1e-6);
    }
    expect(k).toBe(kept);
  });

  it('never changes a segment’s colour: the band a dropped vertex ended is the band of the segment that replaces it', () => {
    const points = wanderingTrack(5_000);
    const t = track(points);
    const kept = simplifyTrack(t.x, t.y, t.band, points.length, 0.25);
    let k = 0;
    for (let i = 0; i < points.length; i++) {
      const [px, py, band] = points[i]!;
      const isKept = k < kept && Math.fround(px) === t.x[k] && Math.fround(py) === t.y[k];
      // Vertex i ends a segment of colour `band`; it is drawn inside the kept segment ending at k.
      if (i > 0) expect(t.band[k]).toBe(band);
      if (isKept) k++;
    }
  });

  it('keeps the ends, and reduces a straight road to them', () => {
    const line = Array.from({ length: 100 }, (_, i): [number, number, number] => [i * 2, i, 1]);
    const t = track(line);
    expect(simplifyTrack(t.x, t.y, t.band, line.length, 0.25)).toBe(2);
    expect([t.x[0], t.y[0], t.x[1], t.y[1]]).toEqual([0, 0, 198, 99]);
  });

  it('keeps a track that comes back on itself, which a line (not a segment) distance would drop', () => {
    const there = Array.from({ length: 50 }, (_, i): [number, number, number] => [i * 2, 0, 1]);
    const back = Array.from({ length: 40 }, (_, i): [number, number, number] => [96 - i * 2, 0, 1]);
    const t = track([...there, ...back]);
    const kept = simplifyTrack(t.x, t.y, t.band, 90, 0.25);
    expect(Array.from(t.x.subarray(0, kept))).toContain(98);
  });

  it('leaves tracks of fewer than three vertices alone', () => {
    const t = track([
      [0, 0, 1],
      [5, 5, 1],
    ]);
    expect(simplifyTrack(t.x, t.y, t.band, 2, 0.25)).toBe(2);
    expect(simplifyTrack(t.x, t.y, t.band, 0, 0.25)).toBe(0);
  });
});
