import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { mercatorX, mercatorY } from './interpolation';
// Emitted as files beside the bundle: parsed once, off the JavaScript parse path.
import landUrl from 'world-atlas/land-50m.json?url';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/** A ring or line in Web Mercator unit coordinates, with its bounding box for culling. */
export interface Outline {
  readonly xy: Float64Array;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface WorldOutlines {
  readonly land: readonly Outline[];
  readonly borders: readonly Outline[];
}

function outline(coords: readonly (readonly number[])[]): Outline {
  const xy = new Float64Array(coords.length * 2);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  coords.forEach((c, i) => {
    const x = mercatorX(c[0]!);
    const y = mercatorY(c[1]!);
    xy[i * 2] = x;
    xy[i * 2 + 1] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  });
  return { xy, minX, minY, maxX, maxY };
}

/**
 * Natural Earth 1:50m land and country borders (world-atlas, TopoJSON),
 * projected once. Bundled so the map is never blank without tiles.
 */
export function outlinesFromTopology(land: Topology, countries: Topology): WorldOutlines {
  const landObject = land.objects.land as GeometryCollection;
  const landGeo = feature(land, landObject);
  const rings: Outline[] = [];
  const features = 'features' in landGeo ? landGeo.features : [landGeo];
  for (const f of features) {
    const g = f.geometry;
    if (g.type === 'Polygon') for (const r of g.coordinates) rings.push(outline(r));
    else if (g.type === 'MultiPolygon')
      for (const p of g.coordinates) for (const r of p) rings.push(outline(r));
  }
  const countriesObject = countries.objects.countries as GeometryCollection;
  const borderGeo = mesh(countries, countriesObject, (a, b) => a !== b);
  const borders = borderGeo.coordinates.map((line) => outline(line));
  return { land: rings, borders };
}

function isTopology(value: unknown, object: string): value is Topology {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; objects?: Record<string, unknown>; arcs?: unknown };
  return v.type === 'Topology' && Array.isArray(v.arcs) && typeof v.objects?.[object] === 'object';
}

async function fetchTopology(url: string, object: string): Promise<Topology> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`offline base layer: ${url} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!isTopology(body, object)) throw new Error(`offline base layer: ${url} is not a TopoJSON topology`);
  return body;
}

export async function loadWorldOutlines(): Promise<WorldOutlines> {
  const [land, countries] = await Promise.all([
    fetchTopology(landUrl, 'land'),
    fetchTopology(countriesUrl, 'countries'),
  ]);
  return outlinesFromTopology(land, countries);
}
