import type { AlarmDay } from './alarms';
import { newSegmentState } from './core';
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
  const out: Incident[] = [];
  const st = newSegmentState();
  const at = (t: number): { lat: number; lon: number } => {
    core.evaluate(d, t, st);
    return { lat: r6(st.lat), lon: r6(st.lon) };
  };
  const within = (t: number): boolean => t >= start && t <= end;

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
    if (e.kind === 'drain' && within(e.t))
      out.push({ t: e.t, kind: 'fuel_drain', liters: Math.round(e.liters * 10) / 10, ...at(e.t) });
  for (const g of gaps)
    if (within(g.start) && isPowerCut(core.seed, d.assetId, g.start))
      out.push({ t: g.start, kind: 'power_cut', ...at(g.start) });
  if (fault && within(fault.t))
    out.push({
      t: fault.t,
      kind: 'engine_fault',
      code: fault.code,
      description: fault.description,
      ...at(fault.t),
    });
  return out.sort((a, b) => a.t - b.t);
}
