import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yesterday } from '../app-core.harness';
import { FOREIGN_ASSET, refusal, startAdminService, type AdminService } from '../records/admin-service';

describe('fuel entries through the core, against the local service', { timeout: 90_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('lists an asset’s refills newest first with their totals, per currency', async () => {
    const { operator } = s;
    const at = (h: number): string => new Date(Date.now() - h * 3_600_000).toISOString();
    const first = await operator.call('fuel.add', {
      body: {
        asset_id: 8,
        timestamp: at(30),
        liters: 52.5,
        cost: 91.35,
        currency: 'EUR',
        station: 'Q8 Milano',
      },
    });
    await operator.call('fuel.add', {
      body: { asset_id: 8, timestamp: at(5), liters: 20, cost: 30, currency: 'CHF' },
    });
    await operator.call('fuel.add', {
      body: { asset_id: 8, timestamp: at(2), liters: 10.25, cost: 18, currency: 'EUR' },
    });
    await operator.call('fuel.add', { body: { asset_id: 9, timestamp: at(1), liters: 99 } });
    const list = await operator.call('fuel.list', { assetId: 8 });
    expect(list.items.map((e) => e.liters)).toEqual([10.25, 20, 52.5]);
    expect(list.totals).toEqual({
      entries: 3,
      liters: 82.75,
      costs: [
        { currency: 'CHF', amount: 30 },
        { currency: 'EUR', amount: 109.35 },
      ],
    });
    expect(list.items[2]).toMatchObject({ id: first.id, full_tank: true, station: 'Q8 Milano' });

    const fixed = await operator.call('fuel.update', {
      id: first.id,
      body: { asset_id: 8, timestamp: at(30), liters: 50, cost: 87, currency: 'EUR', full_tank: false },
    });
    expect(fixed).toMatchObject({ liters: 50, full_tank: false });
    expect(fixed).not.toHaveProperty('station');
    await operator.call('fuel.remove', { id: first.id });
    expect((await operator.call('fuel.list', { assetId: 8 })).totals.liters).toBe(30.25);
    const refusedCurrency = await refusal(
      operator.call('fuel.add', { body: { asset_id: 8, timestamp: at(1), liters: 5, currency: 'euro' } }),
    );
    expect(refusedCurrency).toMatchObject({
      code: 'bad_args',
      details: { 'body.currency': [expect.any(String)] },
    });
  });

  it('the fuel report lists the refills entered, beside what the tank sensor saw', async () => {
    const { operator } = s;
    const day = yesterday();
    await operator.call('fuel.add', {
      body: { asset_id: 1, timestamp: `${day}T09:30:00Z`, liters: 44.4, station: 'Eni Via Emilia' },
    });
    const report = await operator.call('reports.submit', {
      request: { type: 'fuel', format: 'json', asset_id: 1, date_from: day, date_to: day },
    });
    await operator.waitForPush(
      'reports.changed',
      (r) => r.localId === report.localId && r.state === 'completed',
      60_000,
    );
    const content = await operator.call('reports.data', { localId: report.localId });
    expect(content.summary).toMatchObject({ refills_entered: 1, fuel_entered_l: 44.4 });
    const events = content.tables?.find((t) => t.key === 'events');
    const row = events?.rows.find((r) => r.entered === 44.4);
    expect(row).toMatchObject({ station: 'Eni Via Emilia' });
    expect(content.rows.find((r) => r.date === day)).toMatchObject({ entered: 44.4 });
  });

  it('keeps a restricted user to their own assets’ fuel', async () => {
    await s.operator.call('fuel.add', {
      body: { asset_id: FOREIGN_ASSET, timestamp: new Date().toISOString(), liters: 12 },
    });
    expect((await s.restricted.call('fuel.list', {})).items.every((e) => e.asset_id <= 3)).toBe(true);
    const refused = await refusal(
      s.restricted.call('fuel.add', {
        body: { asset_id: FOREIGN_ASSET, timestamp: new Date().toISOString(), liters: 12 },
      }),
    );
    expect(refused.code).toBe('forbidden');
  });

  it('offline, shows the cached entries and refuses a new one', async () => {
    const online = await s.operator.call('fuel.list', { assetId: 8 });
    await s.stopService();
    try {
      expect(await s.operator.call('fuel.list', { assetId: 8 })).toEqual({ ...online, fromCache: true });
      const refused = await refusal(
        s.operator.call('fuel.add', {
          body: { asset_id: 8, timestamp: new Date().toISOString(), liters: 1 },
        }),
      );
      expect(refused.code).toBe('offline');
    } finally {
      await s.startService();
    }
    expect((await s.operator.call('fuel.list', { assetId: 8 })).totals).toEqual(online.totals);
  });
});
