import { between, pick, rng } from './random';
import type { Place } from './types';

/**
 * Milan and its ring of suburbs: depots, customer sites and fuel stations the
 * fleet drives between. Real street names, deterministic positions per seed.
 */
export const CITY_CENTRE: Place = { lat: 45.4642, lon: 9.19, name: 'Milano, Piazza del Duomo' };

const STREETS = [
  'Via Padova',
  'Viale Monza',
  'Via Novara',
  'Corso Buenos Aires',
  'Viale Certosa',
  'Via Ripamonti',
  'Viale Forlanini',
  'Via Mecenate',
  'Via Gallarate',
  'Corso Lodi',
  'Via Ferrari',
  'Viale Fulvio Testi',
  'Via Lorenteggio',
  'Via Giambellino',
  'Viale Famagosta',
  'Via dei Missaglia',
  'Via Rubattino',
  'Via Cascina Bianca',
  'Via Stephenson',
  'Viale Zara',
  'Via Comasina',
  'Via Vittorio Veneto',
  'Via Emilia',
  'Strada Padana Superiore',
  'Via Milano',
  'Via Roma',
  'Via Europa',
  'Via dell’Industria',
];
const TOWNS = [
  'Sesto San Giovanni',
  'Cinisello Balsamo',
  'Rho',
  'Pero',
  'Segrate',
  'San Donato Milanese',
  'Rozzano',
  'Assago',
  'Corsico',
  'Cologno Monzese',
  'Peschiera Borromeo',
  'Bollate',
  'Opera',
  'Milano',
];
const CUSTOMERS = [
  'Esselunga',
  'Carrefour Market',
  'Farmacia Centrale',
  'Ospedale Niguarda',
  'Mercato Ortomercato',
  'Cantiere Porta Nuova',
  'Leroy Merlin',
  'Decathlon',
  'Bricoman',
  'Coop',
  'Conad',
  'IKEA',
  'Metro Cash & Carry',
  'Politecnico',
  'Fiera Milano',
  'Autogrill',
  'Ristorante Da Gino',
  'Hotel Principe',
  'Magazzino Linate',
];

export interface CityPlace extends Place {
  readonly index: number;
  readonly kind: 'depot' | 'customer' | 'fuel';
}

export interface City {
  readonly centre: Place;
  readonly places: readonly CityPlace[];
  readonly depots: readonly CityPlace[];
  readonly customers: readonly CityPlace[];
  readonly fuelStations: readonly CityPlace[];
}

const KM_PER_DEG_LAT = 111.32;
const kmPerDegLon = (lat: number): number => KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);

export function offsetKm(from: Place, eastKm: number, northKm: number): { lat: number; lon: number } {
  return { lat: from.lat + northKm / KM_PER_DEG_LAT, lon: from.lon + eastKm / kmPerDegLon(from.lat) };
}

export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dy = (b.lat - a.lat) * KM_PER_DEG_LAT;
  const dx = (b.lon - a.lon) * kmPerDegLon((a.lat + b.lat) / 2);
  return Math.hypot(dx, dy);
}

export function createCity(seed: number): City {
  const r = rng(seed, 0xc17);
  const places: CityPlace[] = [];
  const add = (kind: CityPlace['kind'], name: string, minKm: number, maxKm: number): void => {
    const angle = r() * Math.PI * 2;
    const radius = between(minKm, maxKm, r());
    const p = offsetKm(CITY_CENTRE, Math.cos(angle) * radius, Math.sin(angle) * radius);
    const street = `${pick(STREETS, r())} ${1 + Math.floor(r() * 180)}`;
    places.push({ ...p, index: places.length, kind, name: `${name}, ${street}, ${pick(TOWNS, r())}` });
  };
  ['Deposito Nord', 'Deposito Sud', 'Deposito Est'].forEach((d) => add('depot', d, 6, 11));
  for (let i = 0; i < 36; i++) add('customer', pick(CUSTOMERS, r()), 1, 16);
  for (let i = 0; i < 6; i++) add('fuel', pick(['Eni Station', 'Q8', 'IP', 'Tamoil'], r()), 3, 12);
  return {
    centre: CITY_CENTRE,
    places,
    depots: places.filter((p) => p.kind === 'depot'),
    customers: places.filter((p) => p.kind === 'customer'),
    fuelStations: places.filter((p) => p.kind === 'fuel'),
  };
}

/** Smooth terrain around the Po valley: 100–160 m. */
export function altitudeAt(lat: number, lon: number): number {
  return 122 + 18 * Math.sin(lat * 37.1) * Math.cos(lon * 29.3) + 9 * Math.sin((lat + lon) * 71.7);
}
