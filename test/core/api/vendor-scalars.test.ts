import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseVendorScalars } from '../../../src/main/core/api/vendor-scalars';
import { parseReportEvent } from '../../../src/main/core/realtime/report-event';
import {
  fuelEntrySchema,
  geofenceShapeSchema,
  liveUpdatePayloadSchema,
  locationSchema,
} from '../../../src/shared/interface';

/** A location as Laravel's Eloquent gives it without casts: DECIMAL columns as strings, TINYINT(1) as 0/1. */
const laravelLocation = {
  latitude: '45.4642110',
  longitude: '-9.1903360',
  altitude: '122.50',
  speed: '0.0',
  heading: '271',
  timestamp: '2026-11-02T08:00:10.000000Z',
  ignition: 1,
  odometer: '18234.512',
  satellites: 11,
};

describe('a Laravel service’s numbers and booleans of another JSON type', () => {
  it('reads decimal strings as numbers and 0/1 as booleans, and checks them with the same schema', () => {
    const parsed = parseVendorScalars(locationSchema, laravelLocation);
    expect(parsed.success && parsed.data).toEqual({
      ...laravelLocation,
      latitude: 45.464211,
      longitude: -9.190336,
      altitude: 122.5,
      speed: 0,
      heading: 271,
      ignition: true,
      odometer: 18234.512,
    });
    // What it was given is left as it was.
    expect(laravelLocation.latitude).toBe('45.4642110');
    // Read as numbers, then held to the schema's ranges and whole numbers.
    expect(parseVendorScalars(locationSchema, { ...laravelLocation, latitude: '90.5' }).success).toBe(false);
    expect(parseVendorScalars(locationSchema, { ...laravelLocation, satellites: '9.5' }).success).toBe(false);
    expect(parseVendorScalars(locationSchema, { ...laravelLocation, satellites: '9' })).toMatchObject({
      success: true,
      data: { satellites: 9 },
    });
  });

  it('reads nothing else: other strings, other numbers for a boolean, and any other fault refuse the answer', () => {
    for (const bad of [
      { latitude: '45,46' },
      { latitude: ' 45.46' },
      { latitude: '45.' },
      { latitude: '0x2d' },
      { latitude: '' },
      { speed: 'fast' },
      { ignition: 2 },
      { ignition: 'true' },
      { ignition: '1' },
      { timestamp: 1_700_000_000_000 },
    ]) {
      const parsed = parseVendorScalars(locationSchema, { ...laravelLocation, ...bad });
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
    }
    // One fault it cannot read leaves the whole answer refused, as the schema refuses it, with its issues.
    const mixed = parseVendorScalars(locationSchema, { ...laravelLocation, heading: 'north' });
    expect(mixed.success).toBe(false);
    expect(mixed.error?.issues.map((i) => i.path.join('.'))).toContain('heading');
  });

  it('reads a live update of either shape spec 2.9 allows, one object or an array, with the fields nested', () => {
    const update = {
      assetId: 7,
      assetName: 'Van 07',
      latitude: '45.1',
      longitude: '9.2',
      speed: '12.5',
      course: '90',
      timestamp: 1_796_000_000_000,
      status: { name: 'moving', ignition: 1, engine: 0 },
    };
    for (const payload of [update, [update, { ...update, assetId: 8 }]]) {
      const parsed = parseVendorScalars(liveUpdatePayloadSchema, payload);
      expect(parsed.success, JSON.stringify(payload)).toBe(true);
      const first = parsed.success ? [parsed.data].flat()[0] : undefined;
      expect(first).toMatchObject({ latitude: 45.1, speed: 12.5, status: { ignition: true, engine: false } });
    }
  });

  it('reads a report event’s progress the same way, still held to 0–100', () => {
    const processing = { report_id: 'r-1', status: 'processing', type: 'trips', format: 'pdf' };
    expect(parseReportEvent('processing', { ...processing, progress: '45' })).toMatchObject({
      ok: true,
      value: { event: { progress: 45 } },
    });
    expect(parseReportEvent('processing', { ...processing, progress: '140' }).ok).toBe(false);
  });

  it('reads either way in turn for the same schema, and leaves a union that takes a string as it is', () => {
    const spec = { ...laravelLocation, latitude: 45.1, ignition: true };
    for (const [body, lat] of [
      [laravelLocation, 45.464211],
      [spec, 45.1],
      [laravelLocation, 45.464211],
      [laravelLocation, 45.464211],
      [spec, 45.1],
    ] as const)
      expect(parseVendorScalars(locationSchema, body)).toMatchObject({
        success: true,
        data: { latitude: lat },
      });
    const either = z.object({ code: z.union([z.string(), z.number()]), n: z.number() });
    expect(parseVendorScalars(either, { code: '12', n: '3' })).toMatchObject({
      success: true,
      data: { code: '12', n: 3 },
    });
  });

  it('reads a spec 4.3 record (its body and meta together, fields with defaults) and a geofence shape by its type', () => {
    const entry = {
      id: '12',
      asset_id: 3,
      timestamp: '2026-11-02T08:00:00.000000Z',
      liters: '45.50',
      cost: '71.10',
      odometer_km: '18234.5',
      full_tank: 0,
      created_at: '2026-11-02T08:01:00.000000Z',
      updated_at: '2026-11-02T08:01:00.000000Z',
    };
    expect(parseVendorScalars(fuelEntrySchema, entry)).toMatchObject({
      success: true,
      data: { id: 12, liters: 45.5, cost: 71.1, odometer_km: 18234.5, full_tank: false },
    });
    // A default still fills what is absent; what is present is read and checked.
    const { full_tank: _, ...withoutTank } = entry;
    expect(parseVendorScalars(fuelEntrySchema, withoutTank)).toMatchObject({ data: { full_tank: true } });
    expect(parseVendorScalars(fuelEntrySchema, { ...entry, liters: '2000.5' }).success).toBe(false);

    const circle = { type: 'circle', center: { latitude: '45.46', longitude: '9.19' }, radius_m: '250.00' };
    expect(parseVendorScalars(geofenceShapeSchema, circle)).toMatchObject({
      success: true,
      data: { center: { latitude: 45.46, longitude: 9.19 }, radius_m: 250 },
    });
    const polygon = {
      type: 'polygon',
      points: [
        { latitude: '45.1', longitude: '9.1' },
        { latitude: 45.1, longitude: '9.2' },
        { latitude: '45.2', longitude: 9.15 },
      ],
    };
    expect(parseVendorScalars(geofenceShapeSchema, polygon)).toMatchObject({
      success: true,
      data: {
        points: [
          { latitude: 45.1, longitude: 9.1 },
          { latitude: 45.1, longitude: 9.2 },
          { latitude: 45.2, longitude: 9.15 },
        ],
      },
    });
    // A type no branch names is refused with the schema's own issues.
    expect(parseVendorScalars(geofenceShapeSchema, { ...circle, type: 'ellipse' }).success).toBe(false);
  });

  it('reads the values of a record and the items of a tuple, and picks the union branch that accepts the reading', () => {
    const counts = z.record(z.string(), z.number().int());
    expect(parseVendorScalars(counts, { a: '3', b: 4 })).toMatchObject({
      success: true,
      data: { a: 3, b: 4 },
    });
    // Keys the sender chose, whatever they are called, are read as zod reads them in the spec's types.
    const sent = JSON.parse('{"__proto__": {"x": "1"}, "constructor": {"x": "2"}}');
    const spec = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"x": 2}}');
    const nested = z.record(z.string(), z.record(z.string(), z.number()));
    expect(parseVendorScalars(nested, sent)).toEqual(nested.safeParse(spec));
    expect(Object.getPrototypeOf(parseVendorScalars(nested, sent).data)).toBe(Object.prototype);
    const box = z.tuple([z.number(), z.number()], z.boolean());
    expect(parseVendorScalars(box, ['1.5', 2, 1, 0])).toMatchObject({
      success: true,
      data: [1.5, 2, true, false],
    });
    // Both branches read something from this value; only the second takes what it read.
    const shapes = z.union([
      z.object({ r: z.number().max(10) }),
      z.object({ r: z.number(), big: z.boolean() }),
    ]);
    expect(parseVendorScalars(shapes, { r: '50', big: 1 })).toMatchObject({
      success: true,
      data: { r: 50, big: true },
    });
  });

  it('gives an answer the schema accepts the schema’s own result', () => {
    const schema = z.object({ a: z.number() });
    const body = { a: 1 };
    const parsed = parseVendorScalars(schema, body);
    expect(parsed).toEqual(schema.safeParse(body));
  });
});
