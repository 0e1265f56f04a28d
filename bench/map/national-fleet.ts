import type { Placement } from '../../test/renderer/support/sim-fleet';

/** [lat, lon, share of the fleet based there]: a national operator's depots, the largest city first. */
const CITIES: readonly (readonly [number, number, number])[] = [
  [52.37, 4.9, 0.16], // Amsterdam
  [51.92, 4.48, 0.14], // Rotterdam
  [52.08, 4.3, 0.1], // The Hague
  [52.09, 5.12, 0.09], // Utrecht
  [51.44, 5.47, 0.07], // Eindhoven
  [53.22, 6.57, 0.05], // Groningen
  [51.56, 5.09, 0.05], // Tilburg
  [52.37, 5.21, 0.04], // Almere
  [51.59, 4.78, 0.04], // Breda
  [51.84, 5.86, 0.04], // Nijmegen
  [51.98, 5.91, 0.03], // Arnhem
  [52.52, 6.08, 0.03], // Zwolle
  [50.85, 5.69, 0.03], // Maastricht
  [52.22, 6.89, 0.03], // Enschede
];
/** The rest of the fleet is on the road between them, anywhere in the country's box. */
const COUNTRY = { south: 50.8, north: 53.4, west: 3.6, east: 7.1 };
/** A city's vehicles spread this far (one standard deviation, degrees of latitude) for the largest city. */
const CITY_SIGMA_DEG = 0.045;

/** Where the bench's city zoom centres: the city most of the fleet is based in. */
export const DENSEST_CITY: readonly [number, number] = [CITIES[0]![0], CITIES[0]![1]];

/** A standard normal draw (Box–Muller) from the fleet's random source. */
function normal(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/**
 * A national fleet (postal, logistics): most vehicles around the cities in
 * proportion to their size, the rest between them. For simFleet's `place`.
 */
export const nationalPlacement: Placement = (rnd) => {
  let pick = rnd();
  for (const [lat, lon, share] of CITIES) {
    pick -= share;
    if (pick >= 0) continue;
    const sigma = CITY_SIGMA_DEG * Math.sqrt(share / CITIES[0]![2]);
    // A degree of longitude is ~0.62 of one of latitude here: the same spread on the ground.
    return [lat + normal(rnd) * sigma, lon + (normal(rnd) * sigma) / 0.62];
  }
  return [
    COUNTRY.south + rnd() * (COUNTRY.north - COUNTRY.south),
    COUNTRY.west + rnd() * (COUNTRY.east - COUNTRY.west),
  ];
};
