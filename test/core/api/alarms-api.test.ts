import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/api-error';
import { createAlarmsApi, type AlarmsApi } from '../../../src/main/core/api/alarms-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { FIXED_TOKENS } from '../app-core.harness';
import { alarmService, EVERY_FIX_MS } from '../alarms/alarm-service.fixture';

describe(
  'the alarm extension through the core client, against the local service',
  { timeout: 60_000 },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleetdesk-alarms-api-'));
    const svc = alarmService(dir);
    const api = (token: string): AlarmsApi =>
      createAlarmsApi(createHttpClient({ getToken: () => token }), {
        apiUrl: svc.service().api_url,
        accountKey: svc.service().account_key,
      });
    let operator: AlarmsApi;
    let restricted: AlarmsApi;

    beforeAll(async () => {
      await svc.start();
      operator = api(FIXED_TOKENS.operator);
      restricted = api(FIXED_TOKENS.restricted);
      const rule = await svc.wave('API wave');
      svc.advance(EVERY_FIX_MS);
      await svc.alarmsWhen((all) => all.filter((a) => a.rule_id === rule).length >= 10);
    });
    afterAll(async () => {
      await svc.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('pages the feed newest first, and filters by acknowledgement', async () => {
      const first = await operator.alarmPage({ page: 1, perPage: 3 });
      expect(first.data).toHaveLength(3);
      expect(first.meta.total).toBeGreaterThanOrEqual(10);
      const ids = first.data.map((a) => a.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const open = await operator.alarmPage({ page: 1, acknowledged: false });
      expect(open.data.every((a) => a.acknowledgement === null)).toBe(true);
    });

    it('reads a second acknowledgement’s 409 as the acknowledgement someone else made', async () => {
      const [alarm] = (await operator.alarmPage({ page: 1, acknowledged: false, perPage: 1 })).data;
      const first = await operator.acknowledge(alarm!.id, 'Driver called');
      expect(first).toMatchObject({
        kind: 'acknowledged',
        alarm: { acknowledgement: { comment: 'Driver called' } },
      });
      const second = await operator.acknowledge(alarm!.id, 'Me too');
      expect(second).toMatchObject({
        kind: 'already',
        alarm: {
          id: alarm!.id,
          acknowledgement: { comment: 'Driver called', user_name: 'Dana Reyes (operator)' },
        },
      });
    });

    it('refuses another asset’s alarm to a restricted user with 403', async () => {
      const theirs = new Set(svc.service().users[1]!.asset_ids);
      const other = (await svc.alarms()).find((a) => !theirs.has(a.asset_id))!;
      await expect(restricted.alarm(other.id)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(restricted.acknowledge(other.id, undefined)).rejects.toMatchObject({ kind: 'forbidden' });
    });

    it('checks a geofence before sending it, and passes the service’s own field errors through', async () => {
      const bad = await operator
        .createGeofence({
          name: 'Nowhere',
          shape: { type: 'circle', center: { latitude: 95, longitude: 9 }, radius_m: 0 },
        })
        .catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(ApiError);
      expect(bad).toMatchObject({ kind: 'validation', status: null });
      expect(Object.keys((bad as ApiError).errors ?? {}).sort()).toEqual([
        'shape.center.latitude',
        'shape.radius_m',
      ]);

      const g = await operator.createGeofence({
        name: 'Yard',
        shape: { type: 'circle', center: { latitude: 45.46, longitude: 9.19 }, radius_m: 200 },
      });
      const rule = await operator.createAlertRule({
        name: 'Leaves yard',
        kind: 'geofence_exit',
        geofence_id: g.id,
      });
      expect(rule).toMatchObject({ kind: 'geofence_exit', geofence_id: g.id, enabled: true });
      // The service's own refusals keep their field errors: a geofence that a rule uses is not deleted.
      await expect(operator.removeGeofence(g.id)).rejects.toMatchObject({ kind: 'conflict', status: 409 });
      const unknown = await operator
        .createAlertRule({ name: 'Ghost', kind: 'geofence_enter', geofence_id: 987_654 })
        .catch((e: unknown) => e);
      expect(unknown).toMatchObject({
        kind: 'validation',
        status: 400,
        errors: { geofence_id: ['unknown geofence 987654'] },
      });
      expect((await operator.geofences()).map((x) => x.id)).toContain(g.id);
      expect((await operator.alertRules()).map((x) => x.id)).toContain(rule.id);
    });
  },
);
