import type { HistoryColumns } from '../../../../shared/ipc';
import { SPEED_BANDS, speedBand } from '../map/speed-scale';

/**
 * The highest speed in each pixel column of a chart `width` pixels wide
 * spanning [start, end]; NaN where no fix falls. One pass over the track, so
 * 259,200 points become `width` bars.
 */
export function speedColumns(cols: HistoryColumns, start: number, end: number, width: number): Float32Array {
  const out = new Float32Array(Math.max(0, Math.floor(width))).fill(NaN);
  const span = end - start;
  if (span <= 0 || out.length === 0) return out;
  const w = out.length;
  for (let i = 0; i < cols.t.length; i++) {
    const s = cols.speed[i]!;
    if (!Number.isFinite(s)) continue;
    const x = Math.floor(((cols.t[i]! - start) / span) * w);
    if (x < 0 || x >= w) continue;
    const cur = out[x]!;
    if (!(cur >= s)) out[x] = s;
  }
  return out;
}

/** A round axis top at or above the fastest speed, so bar heights compare across days. */
export function chartCeiling(maxSpeed: number | null): number {
  const m = maxSpeed ?? 0;
  if (m <= 60) return 60;
  // Multiples of 20 keep the half-way line on a whole number.
  return Math.ceil(m / 20) * 20;
}

export interface ChartColours {
  readonly grid: string;
  readonly text: string;
}

/** Bars coloured with the map's speed bands, so chart and track read the same. */
export function drawSpeedChart(
  ctx: CanvasRenderingContext2D,
  columns: Float32Array,
  width: number,
  height: number,
  ceiling: number,
  colours: ChartColours,
): void {
  ctx.clearRect(0, 0, width, height);
  ctx.strokeStyle = colours.grid;
  ctx.fillStyle = colours.text;
  ctx.lineWidth = 1;
  ctx.font = '10px system-ui, sans-serif';
  for (const v of [ceiling / 2, ceiling]) {
    const y = Math.round(height - (v / ceiling) * (height - 2)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(width, y);
    ctx.stroke();
    ctx.fillText(`${v} km/h`, 4, y + 11);
  }
  for (let b = 0; b < SPEED_BANDS.length; b++) {
    ctx.fillStyle = SPEED_BANDS[b]!.colour;
    for (let x = 0; x < columns.length; x++) {
      const s = columns[x]!;
      if (!Number.isFinite(s) || speedBand(s) !== b) continue;
      const h = Math.max(1, (Math.min(s, ceiling) / ceiling) * (height - 2));
      ctx.fillRect(x, height - h, 1, h);
    }
  }
}
