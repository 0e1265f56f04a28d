import type { SimCore } from './core';
import { motionAt, type MotionPoint } from './motion';
import { pointAt, type RoutePoint } from './route';
import type { DaySchedule } from './schedule';
import type { HarshEvent, Severity } from './types';

/**
 * Harsh manoeuvres are part of the speed profile (a hard-braking piece of
 * road really brakes at 0.35–0.5 g), so events and the trail agree.
 */
export function severityOfG(g: number): Severity {
  return g >= 0.48 ? 'high' : g >= 0.38 ? 'medium' : 'low';
}

export function harshEventsOfDay(core: SimCore, d: DaySchedule, start: number, end: number): HarshEvent[] {
  const out: HarshEvent[] = [];
  const mp: MotionPoint = { km: 0, speed: 0, piece: 0 };
  const rp: RoutePoint = { lat: 0, lon: 0, heading: 0, curvature: 0 };
  const segs = d.segs;
  // The alarm engine asks every asset for a window of a few seconds at every tick: start at the segment
  // before the one holding `start` (it may end exactly at `start`), not at the day's first.
  for (let i = Math.max(0, core.segmentIndex(d, start) - 1); i < segs.length; i++) {
    const s = segs[i]!;
    if (s.t0 > end) break;
    if (s.kind !== 'drive' || s.t1 < start) continue;
    const p = core.profile(d, s);
    for (const h of p.harsh) {
      const t = s.t0 + Math.round(h.at * 1000);
      if (t < start || t > end) continue;
      motionAt(p, h.at, mp);
      pointAt(s.route, mp.km, rp);
      out.push({
        t,
        kind: h.kind,
        severity: severityOfG(h.g),
        g: Math.round(h.g * 100) / 100,
        speed: Math.round(mp.speed * 10) / 10,
        lat: Math.round(rp.lat * 1e6) / 1e6,
        lon: Math.round(rp.lon * 1e6) / 1e6,
      });
    }
  }
  return out;
}
