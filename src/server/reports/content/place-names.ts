import { createCity, distanceKm, type CityPlace } from '../../sim/city';

/**
 * Events carry coordinates only; a manager reads "Esselunga, Via Padova 12,
 * Milano (0.3 km)" better. The fleet's city is a pure function of its seed,
 * so naming the nearest known place needs no access to the fleet's internals.
 */
const cities = new Map<number, readonly CityPlace[]>();
const NEAR_KM = 2;

export function placeName(seed: number, lat: number, lon: number): string {
  let places = cities.get(seed);
  if (!places) {
    places = createCity(seed).places;
    cities.set(seed, places);
  }
  let best: CityPlace | undefined;
  let bestKm = Infinity;
  for (const p of places) {
    const km = distanceKm(p, { lat, lon });
    if (km < bestKm) {
      bestKm = km;
      best = p;
    }
  }
  if (!best || bestKm > NEAR_KM) return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  return bestKm < 0.05 ? best.name : `${best.name} (${bestKm.toFixed(1)} km)`;
}
