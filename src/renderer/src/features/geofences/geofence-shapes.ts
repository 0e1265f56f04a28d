import L from 'leaflet';
import type { z } from 'zod';
import {
  geofenceBodySchema,
  GEOFENCE_MAX_VERTICES,
  type GeofenceBody,
  type GeofenceShape,
  type GeoPoint,
} from '../../../../shared/interface';
import { polygonProblem } from '../../../../shared/geo/polygon-validity';
import type { GeofenceView } from '../../../../shared/ipc/alarm-views';

/** Field path → messages, as spec 7's `errors` and the contract's IpcError details name them. */
export type FieldProblems = Readonly<Record<string, readonly string[]>>;

const point = (ll: L.LatLng): GeoPoint => ({ latitude: ll.lat, longitude: ll.lng });

/** The outer ring of a drawn or edited polygon (Leaflet nests rings; Geoman draws one). */
function outerRing(layer: L.Polygon): L.LatLng[] {
  const rings = layer.getLatLngs();
  const first = rings[0];
  if (Array.isArray(first)) {
    const inner = first[0];
    return (Array.isArray(inner) ? inner : first) as L.LatLng[];
  }
  return rings as L.LatLng[];
}

/** The shape of a Leaflet layer Geoman drew or edited; null for anything else. */
export function shapeOfLayer(layer: L.Layer): GeofenceShape | null {
  if (layer instanceof L.Circle)
    return { type: 'circle', center: point(layer.getLatLng()), radius_m: layer.getRadius() };
  if (layer instanceof L.Polygon) return { type: 'polygon', points: outerRing(layer).map(point) };
  return null;
}

export interface ShapeStyle {
  readonly color: string;
  readonly dashed?: boolean;
}

/** The Leaflet layer of a geofence's shape (an L.Circle measures in metres on the ground, as the service does). */
export function layerOfShape(shape: GeofenceShape, style: ShapeStyle): L.Polygon | L.Circle {
  const options: L.PathOptions = {
    color: style.color,
    weight: 2,
    fillOpacity: 0.12,
    dashArray: style.dashed ? '6 5' : undefined,
    // Geoman edits only what opts in (leaflet-geoman.ts).
    pmIgnore: false,
  };
  return shape.type === 'circle'
    ? L.circle([shape.center.latitude, shape.center.longitude], { ...options, radius: shape.radius_m })
    : L.polygon(
        shape.points.map((p) => [p.latitude, p.longitude] as [number, number]),
        options,
      );
}

/**
 * What the service would refuse about a geofence, checked before sending:
 * the same schema and the same self-intersection test (src/shared/geo) the
 * service applies, keyed by the field paths its 400 uses. Empty when valid.
 */
export function geofenceProblems(body: unknown): FieldProblems {
  const parsed = geofenceBodySchema.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    const message = wordsOf(issue);
    // The schema's minimum and its outline test can both say a ring is too short: once is enough.
    if (!out[key]?.includes(message)) (out[key] ??= []).push(message);
  }
  return out;
}

/** zod's own words on a text field ("Too small: expected string to have >=1 characters") are not an operator's. */
function wordsOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty';
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `must be at most ${String(issue.maximum)} characters`;
  return issue.message;
}

/** The problem of a polygon being drawn, in words, before it is finished (null when there is none). */
export function outlineProblem(shape: GeofenceShape): string | null {
  if (shape.type !== 'polygon') return shape.radius_m > 0 ? null : 'the radius must be more than 0';
  if (shape.points.length > GEOFENCE_MAX_VERTICES)
    return `at most ${GEOFENCE_MAX_VERTICES.toLocaleString()} points`;
  return polygonProblem(shape.points);
}

/** The body sent for a geofence: the trimmed name, its colour and shape. */
export function bodyOf(name: string, color: string, shape: GeofenceShape): GeofenceBody {
  return { name: name.trim(), color, shape };
}

/** Where to show a geofence: its shape's bounds. */
export function boundsOf(g: Pick<GeofenceView, 'shape'>): L.LatLngBounds {
  const s = g.shape;
  // An L.Circle measures its bounds only once on a map; LatLng.toBounds takes metres.
  if (s.type === 'circle') return L.latLng(s.center.latitude, s.center.longitude).toBounds(s.radius_m * 2);
  return L.latLngBounds(s.points.map((p) => [p.latitude, p.longitude] as [number, number]));
}

/** The colours offered for a new geofence: distinct on both themes' maps. */
export const GEOFENCE_COLOURS = ['#2f80ed', '#27ae60', '#9b51e0', '#f2994a', '#eb5757', '#00a3a3'] as const;
