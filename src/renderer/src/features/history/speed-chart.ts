import type { HistoryColumns } from '../../../../shared/ipc';
import { SPEED_BANDS, speedBand } from '../map/speed-scale';
import type { TimeTick } from './chart-time-axis';

/** The strip under the bars that holds the time axis's labels. */
export const AXIS_PX = 16;

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
  /** The shade over stretches with no data. */
  readonly noData: string;
}

/** What the chart shows besides the bars: the time axis and the stretches with no fixes (pixels). */
export interface ChartAxis {
  readonly ticks: readonly TimeTick[];
  readonly gaps: readonly { readonly x0: number; readonly x1: number }[];
  /** A gridline's speed (km/h, as the service sends) in the operator's unit. */
  readonly speedLabel?: (kmh: number) => string;
}

/** Bars coloured with the map's speed bands, so chart and track read the same; the time axis's ticks below them. */
export function drawSpeedChart(
  ctx: CanvasRenderingContext2D,
  columns: Float32Array,
  width: number,
  fullHeight: number,
  ceiling: number,
  colours: ChartColours,
  axis: ChartAxis = { ticks: [], gaps: [] },
): void {
  ctx.clearRect(0, 0, width, fullHeight);
  const height = Math.max(1, fullHeight - AXIS_PX);
  ctx.fillStyle = colours.noData;
  for (const g of axis.gaps) ctx.fillRect(Math.floor(g.x0), 0, Math.max(1, Math.ceil(g.x1 - g.x0)), height);
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
    ctx.fillText(axis.speedLabel ? axis.speedLabel(v) : `${v} km/h`, 4, y + 11);
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
  ctx.strokeStyle = colours.grid;
  ctx.fillStyle = colours.text;
  ctx.beginPath();
  ctx.moveTo(0, height + 0.5);
  ctx.lineTo(width, height + 0.5);
  ctx.stroke();
  // The labels are the chart's DOM (SpeedChart.vue), so they are read and found like any text.
  for (const tick of axis.ticks) {
    const x = Math.round(tick.x) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, height);
    ctx.lineTo(x, height + 4);
    ctx.stroke();
  }
}
