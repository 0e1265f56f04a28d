import type { Location } from '../../../../shared/ipc';

export interface LocationField {
  readonly label: string;
  readonly value: string;
}

const num = (v: number | null, digits: number, unit: string): string =>
  v === null ? '—' : `${v.toFixed(digits)}${unit ? ` ${unit}` : ''}`;

/** Spec 2.8's fields, each with its unit (degrees, metres, km/h, degrees, km). */
export function locationFields(l: Location, timeZone?: string): LocationField[] {
  const at = new Date(l.timestamp);
  const when = Number.isNaN(at.getTime())
    ? l.timestamp
    : at.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium', timeZone });
  return [
    { label: 'Latitude', value: `${l.latitude.toFixed(5)}°` },
    { label: 'Longitude', value: `${l.longitude.toFixed(5)}°` },
    { label: 'Altitude', value: num(l.altitude, 0, 'm') },
    { label: 'Speed', value: num(l.speed, 0, 'km/h') },
    { label: 'Heading', value: l.heading === null ? '—' : `${Math.round(l.heading)}°` },
    { label: 'Ignition', value: l.ignition === null ? '—' : l.ignition ? 'On' : 'Off' },
    { label: 'Odometer', value: l.odometer === null ? '—' : `${Math.round(l.odometer).toLocaleString()} km` },
    { label: 'Satellites', value: l.satellites === null ? '—' : String(l.satellites) },
    { label: 'Fix time', value: when },
  ];
}
