import type { AssetKind } from './types';

/** Vehicles an Italian delivery and service fleet runs, with their manufacturers' VIN prefixes. */
export interface VehicleModel {
  readonly kind: AssetKind;
  readonly make: string;
  readonly model: string;
  readonly wmi: string;
  readonly tankLiters: number;
  /** Litres per 100 km on urban routes. */
  readonly litersPer100: number;
  readonly label: string;
}

export const MODELS: readonly VehicleModel[] = [
  {
    kind: 'van',
    make: 'Iveco',
    model: 'Daily',
    wmi: 'ZCF',
    tankLiters: 90,
    litersPer100: 11.5,
    label: 'Van',
  },
  { kind: 'van', make: 'Fiat', model: 'Ducato', wmi: 'ZFA', tankLiters: 90, litersPer100: 9.8, label: 'Van' },
  {
    kind: 'van',
    make: 'Ford',
    model: 'Transit',
    wmi: 'WF0',
    tankLiters: 80,
    litersPer100: 9.5,
    label: 'Van',
  },
  {
    kind: 'van',
    make: 'Mercedes-Benz',
    model: 'Sprinter',
    wmi: 'WDB',
    tankLiters: 93,
    litersPer100: 10.2,
    label: 'Van',
  },
  {
    kind: 'truck',
    make: 'Iveco',
    model: 'Eurocargo',
    wmi: 'ZCF',
    tankLiters: 200,
    litersPer100: 21,
    label: 'Truck',
  },
  {
    kind: 'truck',
    make: 'Volvo',
    model: 'FL',
    wmi: 'YV2',
    tankLiters: 250,
    litersPer100: 24,
    label: 'Truck',
  },
  {
    kind: 'reefer',
    make: 'Renault',
    model: 'Master Frigo',
    wmi: 'VF1',
    tankLiters: 100,
    litersPer100: 12.5,
    label: 'Reefer',
  },
  { kind: 'car', make: 'Fiat', model: 'Panda', wmi: 'ZFA', tankLiters: 37, litersPer100: 5.6, label: 'Car' },
  {
    kind: 'car',
    make: 'Volkswagen',
    model: 'Golf',
    wmi: 'WVW',
    tankLiters: 50,
    litersPer100: 5.9,
    label: 'Car',
  },
  {
    kind: 'car',
    make: 'Toyota',
    model: 'Yaris',
    wmi: 'VNK',
    tankLiters: 36,
    litersPer100: 4.6,
    label: 'Car',
  },
  {
    kind: 'equipment',
    make: 'JCB',
    model: '3CX',
    wmi: 'SLP',
    tankLiters: 160,
    litersPer100: 30,
    label: 'Backhoe',
  },
];

export const DRIVER_FIRST = [
  'Marco',
  'Giulia',
  'Luca',
  'Francesca',
  'Alessandro',
  'Sara',
  'Davide',
  'Chiara',
  'Matteo',
  'Elena',
  'Andrea',
  'Valentina',
  'Simone',
  'Martina',
  'Stefano',
  'Laura',
  'Paolo',
  'Anna',
  'Roberto',
  'Silvia',
];
export const DRIVER_LAST = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';

/** Italian plate format: two letters, three digits, two letters (e.g. "GK 123 LT"). */
export function plate(r: () => number): string {
  const l = (): string => PLATE_LETTERS[Math.floor(r() * PLATE_LETTERS.length)]!;
  return `${l()}${l()} ${String(Math.floor(r() * 1000)).padStart(3, '0')} ${l()}${l()}`;
}
