import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTRICTED_ASSETS, startAdminService, type AdminService } from '../records/admin-service';

describe('drivers for the report form, against the local service', { timeout: 60_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('lists every driver by name with the assets they drive, and a restricted user’s only', async () => {
    const all = await s.operator.call('drivers.list');
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((d) => d.name.length > 0 && d.asset_ids.length > 0)).toBe(true);
    const names = all.items.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const seen = await s.restricted.call('drivers.list');
    expect(seen.items.flatMap((d) => d.asset_ids).sort()).toEqual([...RESTRICTED_ASSETS]);

    // A driver chosen here names a driver the service knows: its report is accepted.
    const driver = seen.items[0]!;
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const report = await s.restricted.call('reports.submit', {
      request: { type: 'driver_score', format: 'json', driver_id: driver.id, date_from: day, date_to: day },
    });
    await s.restricted.waitForPush(
      'reports.changed',
      (r) => r.localId === report.localId && r.reportId !== null,
    );
  });

  it('offline, lists the cached drivers with their age', async () => {
    const online = await s.operator.call('drivers.list');
    await s.stopService();
    try {
      expect(await s.operator.call('drivers.list')).toEqual({ ...online, fromCache: true });
    } finally {
      await s.startService();
    }
  });
});
