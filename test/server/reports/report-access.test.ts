import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../src/server';
import {
  jsonReportContentSchema,
  MS_PER_DAY,
  parseCalendarDate,
  submissionResponseSchema,
  type JsonReportContent,
} from '../../../src/shared/interface';
import { pastRange, submitReport, waitUntilSettled } from './report-client';

/**
 * Spec 5: access is checked per user, for every asset a report reads. The
 * dispatcher (user 2) may access assets 1–3 only; beacons are account-wide,
 * but the assets that detected them are not.
 */
let service: LocalService;
const operator = (): string => service.users[0]!.token;
const dispatcher = (): string => service.users[1]!.token;
const range = pastRange(7);
const visibleIds = (): readonly number[] => service.users[1]!.asset_ids!;

beforeAll(async () => {
  service = await startLocalService({ port: 0, fleetSize: 10, reportWorkers: 2, tickMs: 60_000 });
});
afterAll(async () => {
  await service?.stop();
});

function detectionsOf(beaconId: number): { assetId: number; lat: number; lon: number }[] {
  const start = parseCalendarDate(range.date_from)!;
  const end = parseCalendarDate(range.date_to)! + MS_PER_DAY - 1;
  return service.context.fleet.beaconDetectionsByBeacon(beaconId, start, end);
}

/** A beacon that both the dispatcher's assets and other assets detected in the range. */
function sharedBeacon(): number {
  const found = service.context.fleet.beacons.find((b) => {
    const by = new Set(detectionsOf(b.id).map((d) => d.assetId));
    return (
      [...by].some((id) => visibleIds().includes(id)) && [...by].some((id) => !visibleIds().includes(id))
    );
  });
  if (!found) throw new Error('the test fleet has no beacon seen by both kinds of asset in the range');
  return found.id;
}

/** A beacon detected in the range, but only by assets the dispatcher may not access. */
function foreignBeacon(): number {
  const found = service.context.fleet.beacons.find((b) => {
    const by = detectionsOf(b.id).map((d) => d.assetId);
    return by.length > 0 && by.every((id) => !visibleIds().includes(id));
  });
  if (!found) throw new Error('the test fleet has no beacon seen only by other assets in the range');
  return found.id;
}

async function jsonReport(token: string, request: Record<string, unknown>): Promise<JsonReportContent> {
  const res = await submitReport(service, token, { format: 'json', ...request, ...range });
  expect(res.status).toBe(201);
  const status = await waitUntilSettled(service, token, submissionResponseSchema.parse(res.body).report_id);
  expect(status.generation_status, String(status.error_message)).toBe('completed');
  return jsonReportContentSchema.parse(status.data);
}

/** Every asset name and coordinate a report carries, in every table and in its asset list. */
function namesAndPlaces(report: JsonReportContent): { names: Set<string>; places: Set<string> } {
  const names = new Set((report.assets ?? []).map((a) => a.name));
  const places = new Set<string>();
  const tables = [{ rows: report.rows }, ...(report.tables ?? [])];
  for (const { rows } of tables) {
    for (const row of rows) {
      if (typeof row.asset === 'string') names.add(row.asset);
      if (typeof row.lat === 'number' && typeof row.lon === 'number') places.add(`${row.lat},${row.lon}`);
    }
  }
  for (const [key, value] of Object.entries(report.summary)) {
    if (key.startsWith('last_seen_by') && typeof value === 'string') names.add(value);
  }
  return { names, places };
}

const place = (d: { lat: number; lon: number }): string =>
  `${Math.round(d.lat * 1e5) / 1e5},${Math.round(d.lon * 1e5) / 1e5}`;

describe('beacon reports of a user restricted to some assets', () => {
  for (const type of ['portable_beacon', 'beacon_environment'] as const) {
    it(`${type} by beacon_id holds only what the user's own assets detected`, async () => {
      const beaconId = sharedBeacon();
      const fleet = service.context.fleet;
      const detections = detectionsOf(beaconId);
      const visibleNames = new Set(visibleIds().map((id) => fleet.asset(id)!.name));
      const foreign = detections.filter((d) => !visibleIds().includes(d.assetId));
      const foreignNames = new Set(foreign.map((d) => fleet.asset(d.assetId)!.name));
      const foreignPlaces = new Set(foreign.map(place));
      const ownPlaces = new Set(detections.filter((d) => visibleIds().includes(d.assetId)).map(place));

      // The operator's report of the same beacon does name the other assets: the case is real.
      const full = namesAndPlaces(await jsonReport(operator(), { type, beacon_id: beaconId }));
      expect([...foreignNames].every((n) => full.names.has(n))).toBe(true);

      const restricted = await jsonReport(dispatcher(), { type, beacon_id: beaconId });
      const seen = namesAndPlaces(restricted);
      expect([...seen.names].filter((n) => !visibleNames.has(n))).toEqual([]);
      expect([...seen.places].filter((p) => foreignPlaces.has(p) && !ownPlaces.has(p))).toEqual([]);
      const detectionRows =
        type === 'portable_beacon'
          ? restricted.tables!.find((t) => t.key === 'detections')!.rows
          : restricted.rows;
      expect(detectionRows).toHaveLength(detections.length - foreign.length);
      expect(JSON.stringify(restricted)).not.toMatch(
        new RegExp([...foreignNames].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
      );
    });
  }

  it('a beacon only other assets detected fails as if nobody had, without saying more', async () => {
    const beaconId = foreignBeacon();
    const beacon = service.context.fleet.beacon(beaconId)!;
    const res = await submitReport(service, dispatcher(), {
      type: 'portable_beacon',
      format: 'json',
      beacon_id: beaconId,
      ...range,
    });
    expect(res.status).toBe(201);
    const status = await waitUntilSettled(
      service,
      dispatcher(),
      submissionResponseSchema.parse(res.body).report_id,
    );
    expect(status.generation_status).toBe('failed');
    expect(status.error_message).toBe(
      `No detections of ${beacon.name} (${beacon.mac}) between ${range.date_from} and ${range.date_to}`,
    );
  });
});

describe('the other ways a report names assets', () => {
  it('the published document of POST /api/v1/reports/generate says what a report may contain', async () => {
    const doc = (await (await fetch(`${service.base_url}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.paths['/api/v1/reports/generate']?.post?.description).toContain(
      'beacon reports by beacon_id keep only the detections made by the user’s assets',
    );
  });

  it('a driver_id whose asset the user may not access is refused with 403', async () => {
    const other = service.context.fleet.assets.find((a) => !visibleIds().includes(a.id))!;
    for (const type of ['driver_behavior', 'driver_score']) {
      const res = await submitReport(service, dispatcher(), {
        type,
        format: 'json',
        driver_id: other.driverId,
        ...range,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        status: 'error',
        message: `You do not have access to the assets of driver ${other.driverId}.`,
      });
    }
  });

  it('mileage asset_ids are checked one by one: one foreign asset refuses the whole request', async () => {
    const other = service.context.fleet.assets.find((a) => !visibleIds().includes(a.id))!;
    const res = await submitReport(service, dispatcher(), {
      type: 'mileage_daily',
      format: 'json',
      asset_ids: [visibleIds()[0], other.id],
      ...range,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'error', message: `You do not have access to asset ${other.id}.` });
  });
});
