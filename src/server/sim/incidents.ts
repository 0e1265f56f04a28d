import type { AlarmDay } from './alarms';
import { newSegmentState, type SegmentState, type SimCore } from './core';
import type { DaySchedule } from './schedule';
import { harshEventsOfDay } from './harsh';
import { isPowerCut } from './offline';
import type { Incident } from './types';

const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * A day's incidents with t in [start, end]. Only the pieces of the day that
 * overlap the window are computed (a live tick asks for a few seconds), and
 * every harsh manoeuvre is listed whatever its g: the rules decide (a rule's
 * threshold in g), not the simulator's severity bands.
 */
export function incidentsOfDay(x: AlarmDay, start: number, end: number): Incident[] {
  const { core, d, fuel, gaps, fault } = x;
  // Asked for every asset at every tick, for a window of a few seconds that mostly holds nothing: no closures
  // and no state are made until something is found.
  const out: Incident[] = [];
  let st: SegmentState | null = null;

  for (const h of harshEventsOfDay(core, d, start, end))
    out.push({
      t: h.t,
      kind: 'harsh_driving',
      harsh: h.kind,
      g: h.g,
      speed: h.speed,
      lat: h.lat,
      lon: h.lon,
    });
  for (const e of fuel.events)
    if (e.kind === 'drain' && e.t >= start && e.t <= end)
      out.push({
        t: e.t,
        kind: 'fuel_drain',
        liters: Math.round(e.liters * 10) / 10,
        ...placeAt(core, d, e.t, (st ??= newSegmentState())),
      });
  for (const g of gaps)
    if (g.start >= start && g.start <= end && isPowerCut(core.seed, d.assetId, g.start))
      out.push({ t: g.start, kind: 'power_cut', ...placeAt(core, d, g.start, (st ??= newSegmentState())) });
  if (fault && fault.t >= start && fault.t <= end)
    out.push({
      t: fault.t,
      kind: 'engine_fault',
      code: fault.code,
      description: fault.description,
      ...placeAt(core, d, fault.t, st ?? newSegmentState()),
    });
  return out.length > 1 ? out.sort((a, b) => a.t - b.t) : out;
}

function placeAt(core: SimCore, d: DaySchedule, t: number, st: SegmentState): { lat: number; lon: number } {
  core.evaluate(d, t, st);
  return { lat: r6(st.lat), lon: r6(st.lon) };
}
