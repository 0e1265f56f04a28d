import { contains, haversineM, prepareShape } from '../../../../src/shared/geo/geofence-geometry';
import type { GeofenceShape } from '../../../../src/shared/interface';
import type { Fleet, Sample } from '../../../../src/server/sim/types';
import { assetDriving } from './fleet-moments';

/**
 * Moments for the alarm tests, asked of the simulator the service runs (a
 * pure function of time), when the test needs them: where a vehicle will be,
 * and which fix a geofence rule will raise its alarm at. Each finder fails
 * with a sentence naming the time and what it looked for.
 */
const MINUTE = 60_000;
const iso = (t: number): string => new Date(t).toISOString();

/** A vehicle's fix a while ahead, far from where it is now and from every fix before it. */
export interface FixAhead {
  readonly assetId: number;
  readonly fix: Sample;
}

interface AheadOptions {
  readonly leadMs: number;
  readonly withinMs: number;
  readonly clearM: number;
  readonly minSpeed?: number;
}

/** How many moments with a vehicle on the road drivingToFixAhead tries before it gives up. */
const DRIVES_TRIED = 500;

/**
 * The first moment from `from` at which a vehicle is on the road for `onTheRoadMs` and a fix ahead of it
 * (fixAhead) exists, with that fix: the moment a test runs the service's clock to. A vehicle merely on the
 * road may be circling a yard, with no point ahead that it keeps clear of until then.
 */
export function drivingToFixAhead(
  fleet: Fleet,
  from: number,
  o: AheadOptions & { readonly onTheRoadMs: number },
): FixAhead & { readonly at: number } {
  let t = from;
  for (let tried = 0; tried < DRIVES_TRIED; tried++) {
    const { at } = assetDriving(fleet, t, o.onTheRoadMs);
    const found = findFixAhead(fleet, at, o);
    if (found) return { at, ...found };
    t = at + MINUTE;
  }
  throw new Error(
    `In ${DRIVES_TRIED} moments from ${iso(from)} to ${iso(t)} with a vehicle of the simulated fleet on the road, ` +
      `none reaches a point between ${o.leadMs / MINUTE} and ${o.withinMs / MINUTE} min later that it keeps ` +
      `${o.clearM} m away from until then.`,
  );
}

/**
 * An asset driving now that will pass a point between `leadMs` and
 * `withinMs` from `now` which none of its fixes from now until then comes
 * within `clearM` of: a square drawn round that point is entered there, not
 * before, whenever the rule is made in the lead time.
 */
function findFixAhead(fleet: Fleet, now: number, o: AheadOptions): FixAhead | null {
  const minSpeed = o.minSpeed ?? 15;
  for (const a of fleet.assets) {
    if (!(fleet.sampleAt(a.id, now).speed > 0)) continue;
    const fixes = fleet.history(a.id, now, now + o.withinMs);
    for (let i = 1; i < fixes.length; i++) {
      const f = fixes[i]!;
      if (f.t < now + o.leadMs || f.speed < minSpeed) continue;
      const before = fixes.slice(0, i);
      if (before.every((b) => haversineM(b.lat, b.lon, f.lat, f.lon) > o.clearM))
        return { assetId: a.id, fix: f };
    }
  }
  return null;
}

/** The fix an enter (or exit) rule written at `since` raises at: the first after it that crossed the shape's edge. */
export function crossingFix(
  fleet: Fleet,
  assetId: number,
  shape: GeofenceShape,
  since: number,
  untilMs: number,
  entering: boolean,
): Sample {
  const prepared = prepareShape(shape);
  const fixes = fleet.history(assetId, since - 5 * MINUTE, since + untilMs);
  for (let i = 1; i < fixes.length; i++) {
    const cur = fixes[i]!;
    if (cur.t <= since) continue;
    const now = contains(prepared, cur.lat, cur.lon);
    const before = contains(prepared, fixes[i - 1]!.lat, fixes[i - 1]!.lon);
    if (now !== before && now === entering) return cur;
  }
  throw new Error(
    `Asset ${assetId} does not ${entering ? 'enter' : 'leave'} the geofence drawn in the ${untilMs / MINUTE} min after ${iso(since)}.`,
  );
}
