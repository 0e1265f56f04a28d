import type { Location } from '../../../../shared/ipc';
import type { DisplayFormat } from '../../layout/format/display-format';

export interface LocationField {
  readonly label: string;
  readonly value: string;
}

const num = (v: number | null, digits: number, unit: string): string =>
  v === null ? '—' : `${v.toFixed(digits)}${unit ? ` ${unit}` : ''}`;

/** Spec 2.8's fields, speed and odometer in the operator's units (the altitude stays in metres, as GPS gives it). */
export function locationFields(l: Location, fmt: DisplayFormat): LocationField[] {
  const at = Date.parse(l.timestamp);
  const when = Number.isNaN(at) ? l.timestamp : fmt.dateTime(at, true);
  return [
    { label: 'Latitude', value: `${l.latitude.toFixed(5)}°` },
    { label: 'Longitude', value: `${l.longitude.toFixed(5)}°` },
    { label: 'Altitude', value: num(l.altitude, 0, 'm') },
    { label: 'Speed', value: fmt.speed(l.speed) },
    { label: 'Heading', value: l.heading === null ? '—' : `${Math.round(l.heading)}°` },
    { label: 'Ignition', value: l.ignition === null ? '—' : l.ignition ? 'On' : 'Off' },
    { label: 'Odometer', value: fmt.distance(l.odometer, { max: 0 }) },
    { label: 'Satellites', value: l.satellites === null ? '—' : String(l.satellites) },
    { label: 'Fix time', value: when },
  ];
}
