import { z } from 'zod';
import { polygonProblem } from '../geo/polygon-validity';

/**
 * Geofences: our extension of the interface (docs/service-interface.md §4.3,
 * docs/interface-decisions.md "Alarms and geofences"), a record under
 * /api/{account}/geofence with the same CRUD and paging conventions as the
 * spec 4.3 records. Coordinates are named as in spec 2.8 (latitude,
 * longitude), not GeoJSON's [lon, lat] pairs, so nobody swaps them.
 */
export const GEOFENCE_MAX_VERTICES = 10_000;
export const GEOFENCE_MAX_RADIUS_M = 500_000;

export const geoPointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type GeoPoint = z.infer<typeof geoPointSchema>;

export const polygonShapeSchema = z
  .object({
    type: z.literal('polygon'),
    /** The outline, not closed (the last point joins the first). */
    points: z.array(geoPointSchema).min(3, 'a polygon needs at least 3 points').max(GEOFENCE_MAX_VERTICES),
  })
  .superRefine((shape, ctx) => {
    const problem = polygonProblem(shape.points);
    if (problem) ctx.addIssue({ code: 'custom', path: ['points'], message: problem });
  });

export const circleShapeSchema = z.object({
  type: z.literal('circle'),
  center: geoPointSchema,
  radius_m: z.number().positive('must be more than 0').max(GEOFENCE_MAX_RADIUS_M),
});

export const geofenceShapeSchema = z.discriminatedUnion('type', [polygonShapeSchema, circleShapeSchema]);
export type GeofenceShape = z.infer<typeof geofenceShapeSchema>;

export const geofenceBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #2f80ed')
    .default('#2f80ed'),
  shape: geofenceShapeSchema,
});
export type GeofenceBody = z.infer<typeof geofenceBodySchema>;
