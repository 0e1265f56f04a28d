import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startAlarmService, type AlarmTestService } from '../alarms/alarm-service';
import { operations, publishedOpenApi } from '../docs/published-openapi';
import type { Answer, Caller } from '../fleet/fleet-client';

/**
 * Spec 5 and docs/service-interface.md §5 "Per-user access": every access rule is checked per user, for
 * every resource a request touches. This sweep walks every route of the catalogue that names an asset
 * (directly, or through a tracker, alarm, record, tag, link, geofence rule or report) and is not already
 * covered by a restricted-user test elsewhere, and checks over real HTTP that the restricted user (users[1],
 * assets 1–3) is refused on another asset's resource, that a refused write wrote nothing (read back as
 * the operator), and that the same request on one of the user's own assets is allowed. The last test
 * keeps the table complete: a new route that names an asset without a case here or elsewhere fails it.
 */

/** A Tuesday mid-morning in Milan: the demo fleet is out, so rules raise alarms on both users' assets. */
const START = Date.parse('2026-03-10T09:00:00Z');
/** Longer than the slowest tracker's reporting interval (60 s): every online asset reports in it. */
const EVERY_FIX_MS = 61_000;
/** The two days before START, for report requests. */
const RANGE = { date_from: '2026-03-08', date_to: '2026-03-09' };
const UNKNOWN_ASSET = 9_999;
const UNKNOWN_ID = 999_999;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: AlarmTestService;
/** The restricted user's assets (own, own2, own3) and one of another user's (foreign). */
let own = 0;
let own2 = 0;
let own3 = 0;
let foreign = 0;
/** Alarms raised on a foreign and on an own asset, unacknowledged. */
let foreignAlarm = 0;
let ownAlarm = 0;
let ownAlarmAsset = 0;

const idOf = z.object({ data: z.object({ id: z.int() }) });
const listOf = z.object({ data: z.array(z.looseObject({ id: z.int() })) });
const alarmList = z.object({ data: z.array(z.object({ id: z.int(), asset_id: z.int() })) });
const trackerOf = (assetId: number): number => {
  const asset = t.service.context.fleet.asset(assetId);
  if (!asset) throw new Error(`no asset ${assetId}`);
  return asset.trackerId;
};
const driverOf = (assetId: number): number => {
  const asset = t.service.context.fleet.asset(assetId);
  if (!asset) throw new Error(`no asset ${assetId}`);
  return asset.driverId;
};
let macs = 0;
const nextMac = (): string => `AC:23:3F:5E:00:${(++macs).toString(16).padStart(2, '0').toUpperCase()}`;
const circle = { type: 'circle', center: { latitude: 45.46, longitude: 9.19 }, radius_m: 200 };

/** A request of the sweep: `path` is relative to /api/{account} unless it starts with `//` (fleet-client.ts). */
interface Req {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  /** A multipart upload of a PNG in the field `photo` instead of a JSON body. */
  readonly photo?: true;
}

interface Prepared {
  /** The operation on what the restricted user may not access: each is refused (403 unless said). */
  readonly refused: readonly Req[];
  /** The same operation on the restricted user's own assets: each is allowed (2xx). */
  readonly allowed: readonly Req[];
  /** An id that does not exist, and the status the docs give it (404 in a path, 400 in a body or filter). */
  readonly unknown?: { readonly req: Req; readonly status: 400 | 404 };
  /** Writes: what the operator reads back. Unchanged by the refused requests, changed by the allowed ones. */
  readonly readBack?: () => Promise<unknown>;
  /** Lists: what an allowed answer must not show (another user's asset's records). */
  readonly hides?: (answer: Answer) => void;
}

interface AccessCase {
  /** METHOD and the path as /docs/openapi.json (routeCatalogue) spells it. */
  readonly route: string;
  readonly prepare: () => Promise<Prepared>;
}

async function send(as: Caller, req: Req): Promise<Answer> {
  if (!req.photo) return t.call(req.method, req.path, { as, body: req.body });
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'van.png');
  const token = t.service.users[as === 'operator' ? 0 : 1]?.token ?? '';
  const res = await fetch(`${t.service.api_url}/api/${t.service.account_key}${req.path}`, {
    method: req.method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Creates as the operator (or the restricted user) and answers the new id. */
async function create(path: string, body: unknown, as: Caller = 'operator'): Promise<number> {
  const res = await t.call('POST', path, { as, body });
  expect(res.status, `${path}: ${res.text}`).toBe(201);
  return idOf.parse(res.json).data.id;
}

/** What the operator reads at `path`: status and body, for before-and-after comparisons. */
async function operatorReads(path: string): Promise<{ status: number; body: unknown }> {
  const res = await t.call('GET', path);
  return { status: res.status, body: res.json ?? res.text.length };
}

const rowCount = (table: string): number =>
  z.object({ n: z.number() }).parse(t.service.context.db.prepare(`SELECT count(*) AS n FROM ${table}`).get())
    .n;

/** Ids of the items of a list answer. */
const idsIn = (a: Answer): number[] => listOf.parse(a.json).data.map((r) => r.id);

// ---------------------------------------------------------------------------------------------------------
// Records (docs/service-interface.md §4.3 "Records"): the same seven routes for each of the six resources.

const RECORD_BODIES: Readonly<Record<string, (assetId: number) => Record<string, unknown>>> = {
  'asset-group': (id) => ({ name: `Group of ${id}`, asset_ids: [id] }),
  'service-reminder': (id) => ({ asset_id: id, name: `Oil change ${id}`, due_date: '2026-06-01' }),
  'renewal-reminder': (id) => ({ asset_id: id, kind: 'insurance', due_date: '2026-06-01' }),
  'fuel-entry': (id) => ({ asset_id: id, timestamp: '2026-03-01T10:00:00Z', liters: 40 + id }),
  'odometer-entry': (id) => ({ asset_id: id, timestamp: '2026-03-01T10:00:00Z', odometer_km: 12_000 + id }),
  // Disabled: the sweep's rules must not raise alarms of their own.
  alert: (id) => ({
    name: `Speed of ${id}`,
    kind: 'overspeed',
    asset_id: id,
    threshold: 250,
    enabled: false,
  }),
};

/** Bodies besides "another asset" that a restricted user may not write: a mixed group, a fleet-wide rule. */
const MORE_REFUSED_BODIES: Readonly<Record<string, () => Record<string, unknown>[]>> = {
  'asset-group': () => [{ name: 'Mixed', asset_ids: [own, foreign] }],
  alert: () => [{ name: 'Everyone', kind: 'overspeed', threshold: 250, enabled: false }],
};

function recordCases(resource: string): AccessCase[] {
  const body = RECORD_BODIES[resource];
  if (!body) throw new Error(`no body for ${resource}`);
  const more = (): Record<string, unknown>[] => MORE_REFUSED_BODIES[resource]?.() ?? [];
  const base = `/${resource}`;
  const route = `/api/{account}/${resource}`;
  const list = (): Promise<unknown> => operatorReads(`${base}?per_page=500`);
  /**
   * Made by the operator: the records the restricted user may not access (on another asset, and the
   * resource's mixed or fleet-wide ones) and one on the restricted user's own asset.
   */
  const pair = async (): Promise<{ theirs: number[]; mine: number }> => {
    const theirs: number[] = [];
    for (const b of [body(foreign), ...more()]) theirs.push(await create(base, b));
    return { theirs, mine: await create(base, body(own)) };
  };
  const replace = (method: 'PUT' | 'POST', suffix: string): AccessCase => ({
    route: `${method} ${route}/{id}${suffix}`,
    prepare: async () => {
      const { theirs, mine } = await pair();
      return {
        refused: [
          ...theirs.map((id) => ({ method, path: `${base}/${id}${suffix}`, body: body(own) })),
          { method, path: `${base}/${mine}${suffix}`, body: body(foreign) },
          ...more().map((b) => ({ method, path: `${base}/${mine}${suffix}`, body: b })),
        ],
        allowed: [{ method, path: `${base}/${mine}${suffix}`, body: body(own2) }],
        unknown: { req: { method, path: `${base}/${UNKNOWN_ID}${suffix}`, body: body(own) }, status: 404 },
        readBack: list,
      };
    },
  });
  const remove = (method: 'DELETE' | 'POST', suffix: string): AccessCase => ({
    route: `${method} ${route}/{id}${suffix}`,
    prepare: async () => {
      const { theirs, mine } = await pair();
      return {
        refused: theirs.map((id) => ({ method, path: `${base}/${id}${suffix}` })),
        allowed: [{ method, path: `${base}/${mine}${suffix}` }],
        unknown: { req: { method, path: `${base}/${UNKNOWN_ID}${suffix}` }, status: 404 },
        readBack: list,
      };
    },
  });
  return [
    {
      route: `GET ${route}`,
      prepare: async () => {
        const { theirs } = await pair();
        return {
          refused: [{ method: 'GET', path: `${base}?asset_id=${foreign}` }],
          allowed: [
            { method: 'GET', path: `${base}?per_page=500` },
            { method: 'GET', path: `${base}?asset_id=${own}&per_page=500` },
          ],
          unknown: { req: { method: 'GET', path: `${base}?asset_id=${UNKNOWN_ASSET}` }, status: 400 },
          hides: (a) => expect(idsIn(a).filter((id) => theirs.includes(id))).toEqual([]),
        };
      },
    },
    {
      route: `POST ${route}`,
      prepare: async () => ({
        refused: [{ method: 'POST', path: base, body: body(foreign) }, ...more().map((b) => post(base, b))],
        allowed: [{ method: 'POST', path: base, body: body(own) }],
        unknown: { req: { method: 'POST', path: base, body: body(UNKNOWN_ASSET) }, status: 400 },
        readBack: list,
      }),
    },
    {
      route: `GET ${route}/{id}`,
      prepare: async () => {
        const { theirs, mine } = await pair();
        return {
          refused: theirs.map((id): Req => ({ method: 'GET', path: `${base}/${id}` })),
          allowed: [{ method: 'GET', path: `${base}/${mine}` }],
          unknown: { req: { method: 'GET', path: `${base}/${UNKNOWN_ID}` }, status: 404 },
        };
      },
    },
    replace('PUT', ''),
    replace('POST', '/update'),
    remove('DELETE', ''),
    remove('POST', '/delete'),
  ];
}

const post = (path: string, body: unknown): Req => ({ method: 'POST', path, body });

// ---------------------------------------------------------------------------------------------------------
// Geofences name no asset, but changing one a rule on another asset uses changes what is raised for it
// (docs/interface-decisions.md "Alarms and geofences"): PUT and DELETE are 403 then.

function geofenceCases(): AccessCase[] {
  const list = (): Promise<unknown> => operatorReads('/geofence?per_page=500');
  /** A geofence a disabled rule on another user's asset uses. */
  const theirs = async (): Promise<number> => {
    const g = await create('/geofence', { name: 'Their yard', shape: circle });
    await create('/alert', {
      name: 'Their yard',
      kind: 'geofence_enter',
      asset_id: foreign,
      geofence_id: g,
      enabled: false,
    });
    return g;
  };
  const change = (method: 'PUT' | 'POST', suffix: string): AccessCase => ({
    route: `${method} /api/{account}/geofence/{id}${suffix}`,
    prepare: async () => {
      const g = await theirs();
      // The restricted user's own rule uses this one: changing it is theirs to do.
      const mine = await create('/geofence', { name: 'My yard', shape: circle }, 'restricted');
      await create(
        '/alert',
        { name: 'My yard', kind: 'geofence_exit', asset_id: own, geofence_id: mine, enabled: false },
        'restricted',
      );
      const body = { name: 'Renamed', shape: { ...circle, radius_m: 300 } };
      return {
        refused: [{ method, path: `/geofence/${g}${suffix}`, body }],
        allowed: [{ method, path: `/geofence/${mine}${suffix}`, body }],
        unknown: { req: { method, path: `/geofence/${UNKNOWN_ID}${suffix}`, body }, status: 404 },
        readBack: list,
      };
    },
  });
  const remove = (method: 'DELETE' | 'POST', suffix: string): AccessCase => ({
    route: `${method} /api/{account}/geofence/{id}${suffix}`,
    prepare: async () => {
      const g = await theirs();
      const unused = await create('/geofence', { name: 'Spare', shape: circle }, 'restricted');
      return {
        refused: [{ method, path: `/geofence/${g}${suffix}` }],
        allowed: [{ method, path: `/geofence/${unused}${suffix}` }],
        unknown: { req: { method, path: `/geofence/${UNKNOWN_ID}${suffix}` }, status: 404 },
        readBack: list,
      };
    },
  });
  return [change('PUT', ''), change('POST', '/update'), remove('DELETE', ''), remove('POST', '/delete')];
}

// ---------------------------------------------------------------------------------------------------------
// Everything else that names an asset: photos, trackers, tags, links, alarms, reports.

const commandsOf = (assetId: number): Promise<unknown> =>
  operatorReads(`/tracker/${trackerOf(assetId)}/commands?per_page=500`);

const CASES: readonly AccessCase[] = [
  {
    route: 'POST /api/{account}/asset/{id}/photo',
    prepare: async () => ({
      refused: [{ method: 'POST', path: `/asset/${foreign}/photo`, photo: true }],
      allowed: [{ method: 'POST', path: `/asset/${own3}/photo`, photo: true }],
      unknown: { req: { method: 'POST', path: `/asset/${UNKNOWN_ASSET}/photo`, photo: true }, status: 404 },
      readBack: async () => [
        await operatorReads(`/asset/${foreign}/photo`),
        await operatorReads(`/asset/${own3}/photo`),
      ],
    }),
  },
  {
    route: 'POST /api/{account}/public-tracking-link',
    prepare: async () => ({
      refused: [post('/public-tracking-link', { asset_id: foreign, access_type: 'public' })],
      allowed: [post('/public-tracking-link', { asset_id: own, access_type: 'public' })],
      // docs/service-interface.md §5: the tracking link's unknown asset_id is a 404.
      unknown: {
        req: post('/public-tracking-link', { asset_id: UNKNOWN_ASSET, access_type: 'public' }),
        status: 404,
      },
      // No route lists tracking links: the operator's read-back is the service's own table.
      readBack: async () => rowCount('tracking_links'),
    }),
  },
  {
    route: 'POST /api/{account}/link-mobility',
    prepare: async () => {
      const external = { provider: 'Sweep', external_account_id: 'sweep-1' };
      return {
        refused: [
          post('/link-mobility', { ...external, asset_ids: [foreign] }),
          post('/link-mobility', { ...external, asset_ids: [own, foreign] }),
        ],
        // The same external account: had a refused request linked it, this would be a 200 or a 403.
        allowed: [post('/link-mobility', { ...external, asset_ids: [own] })],
        unknown: { req: post('/link-mobility', { ...external, asset_ids: [UNKNOWN_ASSET] }), status: 400 },
        readBack: () => operatorReads('/link-mobility?per_page=500'),
      };
    },
  },
  {
    route: 'POST /api/{account}/tag',
    prepare: async () => {
      const mac = nextMac();
      return {
        refused: [post('/tag', { name: 'Crate', mac, asset_id: foreign })],
        // The same MAC: had the refused request registered it, this would be a 400 on mac.
        allowed: [post('/tag', { name: 'Crate', mac, asset_id: own })],
        unknown: { req: post('/tag', { name: 'Crate', mac, asset_id: UNKNOWN_ASSET }), status: 400 },
        readBack: () => operatorReads('/tag?per_page=500'),
      };
    },
  },
  {
    route: 'GET /api/{account}/tag',
    prepare: async () => {
      const theirs = await create('/tag', { name: 'Theirs', mac: nextMac(), asset_id: foreign });
      return {
        refused: [{ method: 'GET', path: `/tag?asset_id=${foreign}` }],
        allowed: [
          { method: 'GET', path: '/tag?per_page=500' },
          { method: 'GET', path: `/tag?asset_id=${own}` },
        ],
        unknown: { req: { method: 'GET', path: `/tag?asset_id=${UNKNOWN_ASSET}` }, status: 400 },
        hides: (a) => expect(idsIn(a)).not.toContain(theirs),
      };
    },
  },
  {
    route: 'PUT /api/{account}/tag/{id}',
    prepare: async () => {
      const theirMac = nextMac();
      const myMac = nextMac();
      const theirs = await create('/tag', { name: 'Theirs', mac: theirMac, asset_id: foreign });
      const mine = await create('/tag', { name: 'Mine', mac: myMac, asset_id: own });
      return {
        refused: [
          { method: 'PUT', path: `/tag/${theirs}`, body: { name: 'Taken', mac: theirMac, asset_id: own } },
          { method: 'PUT', path: `/tag/${mine}`, body: { name: 'Moved', mac: myMac, asset_id: foreign } },
        ],
        allowed: [
          { method: 'PUT', path: `/tag/${mine}`, body: { name: 'Moved', mac: myMac, asset_id: own2 } },
        ],
        unknown: {
          req: { method: 'PUT', path: `/tag/${UNKNOWN_ID}`, body: { name: 'x', mac: nextMac() } },
          status: 404,
        },
        readBack: () => operatorReads('/tag?per_page=500'),
      };
    },
  },
  {
    route: 'POST /api/{account}/tracker/{id}/reset',
    prepare: async () => ({
      refused: [post(`/tracker/${trackerOf(foreign)}/reset`, { mode: 'hard' })],
      allowed: [post(`/tracker/${trackerOf(own)}/reset`, { mode: 'soft' })],
      unknown: { req: post(`/tracker/${UNKNOWN_ID}/reset`, {}), status: 404 },
      readBack: async () => [await commandsOf(foreign), await commandsOf(own)],
    }),
  },
  {
    route: 'PUT /api/{account}/tracker/{id}/ble',
    prepare: async () => ({
      refused: [{ method: 'PUT', path: `/tracker/${trackerOf(foreign)}/ble`, body: { enabled: false } }],
      allowed: [{ method: 'PUT', path: `/tracker/${trackerOf(own)}/ble`, body: { enabled: false } }],
      unknown: {
        req: { method: 'PUT', path: `/tracker/${UNKNOWN_ID}/ble`, body: { enabled: true } },
        status: 404,
      },
      readBack: async () => [await commandsOf(foreign), await commandsOf(own)],
    }),
  },
  {
    route: 'GET /api/{account}/alarm',
    prepare: async () => ({
      refused: [{ method: 'GET', path: `/alarm?asset_id=${foreign}` }],
      allowed: [
        { method: 'GET', path: '/alarm?per_page=500' },
        { method: 'GET', path: `/alarm?asset_id=${ownAlarmAsset}&per_page=500` },
      ],
      unknown: { req: { method: 'GET', path: `/alarm?asset_id=${UNKNOWN_ASSET}` }, status: 400 },
      hides: (a) => {
        const seen = alarmList.parse(a.json).data;
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.filter((x) => ![own, own2, own3].includes(x.asset_id))).toEqual([]);
      },
    }),
  },
  {
    route: 'GET /api/{account}/alarm/{id}',
    prepare: async () => ({
      refused: [{ method: 'GET', path: `/alarm/${foreignAlarm}` }],
      allowed: [{ method: 'GET', path: `/alarm/${ownAlarm}` }],
      unknown: { req: { method: 'GET', path: `/alarm/${UNKNOWN_ID}` }, status: 404 },
    }),
  },
  {
    route: 'POST /api/{account}/alarm/{id}/acknowledge',
    prepare: async () => ({
      refused: [post(`/alarm/${foreignAlarm}/acknowledge`, { comment: 'Not mine' })],
      allowed: [post(`/alarm/${ownAlarm}/acknowledge`, { comment: 'Mine' })],
      unknown: { req: post(`/alarm/${UNKNOWN_ID}/acknowledge`, {}), status: 404 },
      readBack: async () => [
        await operatorReads(`/alarm/${foreignAlarm}`),
        await operatorReads(`/alarm/${ownAlarm}`),
      ],
    }),
  },
  {
    route: 'POST /api/v1/reports/generate',
    prepare: async () => {
      const report = (fields: Record<string, unknown>): Req =>
        post('//api/v1/reports/generate', { format: 'json', ...RANGE, ...fields });
      return {
        refused: [
          report({ type: 'trip', asset_id: foreign }),
          report({ type: 'mileage_daily', asset_ids: [own, foreign] }),
          report({ type: 'driver_score', driver_id: driverOf(foreign) }),
        ],
        allowed: [report({ type: 'trip', asset_id: own })],
        unknown: { req: report({ type: 'trip', asset_id: UNKNOWN_ASSET }), status: 400 },
        // No route lists a user's reports: the read-back is the service's own table.
        readBack: async () => rowCount('reports'),
      };
    },
  },
  ...Object.keys(RECORD_BODIES).flatMap(recordCases),
  ...geofenceCases(),
];

/**
 * Routes whose path or documented body names an asset, tracker, alarm, geofence, alert, group, driver,
 * report or link, whose per-user access is tested in another file (or which, as the docs say, have no
 * per-user rule to test).
 */
const COVERED_ELSEWHERE: Readonly<Record<string, string>> = {
  'GET /api/{account}/asset': 'test/server/fleet/assets.test.ts (a restricted user lists their assets only)',
  'GET /api/{account}/asset/{id}/location': 'test/server/fleet/assets.test.ts (403, 404, 400)',
  'GET /api/{account}/asset/{id}/history': 'test/server/fleet/assets.test.ts (403 on another asset)',
  'GET /api/{account}/asset/{id}/photo': 'test/server/fleet/listed-resources.test.ts (403 for another’s)',
  'GET /api/{account}/driver':
    'test/server/fleet/listed-resources.test.ts (a restricted user’s drivers only)',
  'GET /api/{account}/link-mobility': 'test/server/fleet/listed-resources.test.ts (links of own assets only)',
  'GET /api/{account}/tracker/{id}/commands': 'test/server/fleet/trackers.test.ts (403 on another asset)',
  'GET /api/{account}/geofence': 'account-wide, no asset (docs): test/server/alarms/geofences.test.ts',
  'POST /api/{account}/geofence': 'account-wide, no asset (docs): test/server/alarms/geofences.test.ts',
  'GET /api/{account}/geofence/{id}': 'account-wide, no asset (docs): test/server/alarms/geofences.test.ts',
  'GET /api/v1/reports/{id}/status': 'test/server/reports/report-lifecycle.test.ts (another user: 404)',
  'GET /api/v1/reports/{id}/download': 'test/server/reports/report-lifecycle.test.ts (another user: 404)',
  'GET /files/reports/{id}': 'no user, the signature: test/server/reports/report-lifecycle.test.ts (403)',
  'POST /api/broadcasting/auth': 'test/server/realtime/broadcasting-auth.test.ts, live-positions.test.ts',
  'POST /broadcasting/auth': 'test/server/realtime/broadcasting-auth.test.ts, live-positions.test.ts',
  'GET /track/{uuid}': 'no user, the link’s gate: test/server/tracking/tracking-page-http.test.ts',
  'POST /track/{uuid}/email': 'no user, the link’s gate: test/server/tracking/allowed-viewers.test.ts',
  'GET /track/{uuid}/verify': 'no user, the link’s gate: test/server/tracking/tracking-access-limits.test.ts',
  'POST /track/{uuid}/code': 'no user, the link’s gate: test/server/tracking/tracking-access-limits.test.ts',
  'POST /track/{uuid}/sign-in':
    'test/server/tracking/tracking-access-limits.test.ts (a user who may not see the asset cannot sign in)',
  'GET /track/{uuid}/state': 'test/server/tracking/bearer-viewer.test.ts (403 on another’s asset)',
  'GET /track/{uuid}/events': 'test/server/tracking/bearer-viewer.test.ts (403 on another’s asset)',
  'GET /track-assets/{wildcard}': 'the page’s static files, no asset data: tracking-page-http.test.ts',
};

beforeAll(async () => {
  t = await startAlarmService(START);
  const mine = t.service.users[1]?.asset_ids ?? [];
  [own = 0, own2 = 0, own3 = 0] = mine;
  foreign = t.service.context.fleet.assets.find((a) => !mine.includes(a.id))?.id ?? 0;
  expect([own, own2, own3, foreign].every((id) => id > 0)).toBe(true);

  // Alarms on both users' assets: a fleet-wide low_fuel rule below 101 % holds at every fix.
  const rule = await create('/alert', { name: 'Sweep', kind: 'low_fuel', threshold: 101 });
  t.setClock(START + EVERY_FIX_MS);
  const seen = await t.alarmsWhen(
    (alarms) =>
      alarms.some((a) => a.rule_id === rule && a.asset_id === foreign) &&
      alarms.some((a) => a.rule_id === rule && mine.includes(a.asset_id)),
  );
  const ofRule = seen.filter((a) => a.rule_id === rule && a.acknowledgement === null);
  foreignAlarm = ofRule.find((a) => a.asset_id === foreign)?.id ?? 0;
  const mineAlarm = ofRule.find((a) => mine.includes(a.asset_id));
  ownAlarm = mineAlarm?.id ?? 0;
  ownAlarmAsset = mineAlarm?.asset_id ?? 0;
  // The clock stays here: nothing else is raised while the sweep reads back what it wrote.
  expect(
    (
      await t.call('PUT', `/alert/${rule}`, {
        body: { name: 'Sweep', kind: 'low_fuel', threshold: 101, enabled: false },
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await t?.service.stop();
});

describe('per-user access, route by route (spec 5, docs/service-interface.md §5)', () => {
  it.each(CASES)(
    '$route: another user’s asset is refused, nothing is written; the user’s own is allowed',
    async (c) => {
      const p = await c.prepare();
      const before = await p.readBack?.();
      for (const req of p.refused) {
        const res = await send('restricted', req);
        expect(res.status, `${req.method} ${req.path} ${JSON.stringify(req.body)}: ${res.text}`).toBe(403);
        expect(res.json, res.text).toMatchObject({ status: 'error', message: expect.any(String) });
      }
      if (p.readBack) expect(await p.readBack(), 'a refused request wrote something').toEqual(before);
      if (p.unknown) {
        const res = await send('restricted', p.unknown.req);
        expect(res.status, `${p.unknown.req.method} ${p.unknown.req.path}: ${res.text}`).toBe(
          p.unknown.status,
        );
      }
      for (const req of p.allowed) {
        const res = await send('restricted', req);
        expect(
          res.status,
          `${req.method} ${req.path} ${JSON.stringify(req.body)}: ${res.text}`,
        ).toBeGreaterThanOrEqual(200);
        expect(res.status, `${req.method} ${req.path}: ${res.text}`).toBeLessThan(300);
        p.hides?.(res);
      }
      // The read-back sees what the route writes: so its being unchanged above means something.
      if (p.readBack) expect(await p.readBack(), 'the allowed request wrote nothing').not.toEqual(before);
    },
  );
});

describe('the sweep covers the catalogue', () => {
  /** What a path, a query parameter or a documented body field can name that has an asset behind it. */
  const NAMES_AN_ASSET = /asset|track|alarm|geofence|alert|group|driver|report|link/i;

  /** Every property name of a JSON schema, at any depth. */
  const propertyNames = (schema: unknown): string[] => {
    if (Array.isArray(schema)) return schema.flatMap(propertyNames);
    if (typeof schema !== 'object' || schema === null) return [];
    const own =
      'properties' in schema && typeof schema.properties === 'object' && schema.properties !== null
        ? Object.keys(schema.properties)
        : [];
    return [...own, ...Object.values(schema).flatMap(propertyNames)];
  };

  it('every route of routeCatalogue that names an asset has a case here or a test elsewhere', async () => {
    const { raw, doc } = await publishedOpenApi(t.service.api_url);
    const rawPaths = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))) })
      .parse(raw).paths;
    const catalogue = operations(doc).map((o) => {
      const requestBody = rawPaths[o.path]?.[o.method.toLowerCase()]?.requestBody;
      const names = [o.path, ...o.op.parameters.map((x) => x.name), ...propertyNames(requestBody)];
      return { key: `${o.method} ${o.path}`, namesAnAsset: names.some((n) => NAMES_AN_ASSET.test(n)) };
    });
    const keys = new Set(catalogue.map((c) => c.key));

    // The published document is routeCatalogue(app): every route fastify registered is in it.
    const registered = z
      .object({ data: z.array(z.object({ method: z.string(), url: z.string() })) })
      .parse(await (await fetch(`${t.service.api_url}/docs/routes.json`)).json())
      .data.filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}')}`);
    expect(registered.filter((k) => !keys.has(k))).toEqual([]);

    const swept = new Set(CASES.map((c) => c.route));
    expect(swept.size, 'one case per route').toBe(CASES.length);
    const uncovered = catalogue
      .filter((c) => c.namesAnAsset && !swept.has(c.key) && !(c.key in COVERED_ELSEWHERE))
      .map((c) => c.key);
    expect(uncovered, 'routes that name an asset without an access case').toEqual([]);
    // And no stale entries: every case and every "elsewhere" is a route the service has.
    expect([...swept, ...Object.keys(COVERED_ELSEWHERE)].filter((k) => !keys.has(k))).toEqual([]);
    expect([...swept].filter((k) => k in COVERED_ELSEWHERE)).toEqual([]);
  });
});
