import type { LivePosition } from '../../../../shared/ipc';
import { isAheadOfClock } from '../../../../shared/time/clock-ahead';
import { AHEAD_OF_CLOCK } from '../assets/age-format';
import type { DisplayFormat } from '../../layout/format/display-format';

/**
 * The line under an asset's name in the map's tooltip: nothing while its position is live, "last known
 * 14:05" while the feed is down, and a fix stamped in the future says so rather than pass for now.
 */
export function markerTip(
  position: LivePosition | undefined,
  stale: boolean,
  now: number,
  fmt: DisplayFormat,
): string | null {
  if (!position) return null;
  if (isAheadOfClock(position.t, now)) return `Time ${AHEAD_OF_CLOCK}`;
  return stale ? `last known ${fmt.moment(position.t, now)}` : null;
}
