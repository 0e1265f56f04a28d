import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseVendorScalars } from '../../../src/main/core/api/vendor-scalars';
import { parseReportEvent } from '../../../src/main/core/realtime/report-event';
import { liveUpdatePayloadSchema, locationSchema } from '../../../src/shared/interface';

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

  it('gives an answer the schema accepts the schema’s own result', () => {
    const schema = z.object({ a: z.number() });
    const body = { a: 1 };
    const parsed = parseVendorScalars(schema, body);
    expect(parsed).toEqual(schema.safeParse(body));
  });
});
