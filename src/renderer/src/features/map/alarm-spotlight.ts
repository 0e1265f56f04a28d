import L from 'leaflet';
import type { InboxAlarm } from '../../../../shared/ipc/alarm-views';

const SIZE_PX = 44;

/**
 * The marker of the alarm being looked at: where it was raised (not where the
 * asset is now), pulsing until dismissed. One DOM marker, so the pulse is CSS.
 */
export function spotlightMarker(
  alarm: InboxAlarm & { position: NonNullable<InboxAlarm['position']> },
): L.Marker {
  return L.marker([alarm.position.latitude, alarm.position.longitude], {
    icon: L.divIcon({
      className: `alarm-spotlight ${alarm.severity}`,
      html: '<span class="wave"></span><span class="core"></span>',
      iconSize: [SIZE_PX, SIZE_PX],
    }),
    interactive: false,
    keyboard: false,
    zIndexOffset: 1000,
  });
}
