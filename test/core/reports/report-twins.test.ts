import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, parseCalendarDate } from '../../../src/shared/interface';
import { yesterday } from '../app-core.harness';
import { refusal, startAdminService, type AdminService } from '../records/admin-service';

const daysBefore = (date: string, days: number): string =>
  formatCalendarDate(addDays(parseCalendarDate(date)!, -days));

describe('the reports screen’s core: twins, progress, several assets', { timeout: 120_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('offers the report already requested instead of queueing a twin, until it is old news', async () => {
    const { operator } = s;
    const day = yesterday();
    // Asset 1 drives around the clock: its trail always has data.
    const request = { type: 'trail', format: 'json', asset_id: 1, date_from: day, date_to: day } as const;
    const first = await operator.call('reports.submit', { request });
    expect(first.createdAt).toBeGreaterThan(Date.now() - 60_000);

    // Priority is not part of what makes two requests identical (the service's cache key).
    const twin = await refusal(
      operator.call('reports.submit', { request: { ...request, priority: 'high' } }),
    );
    expect(twin.code).toBe('duplicate');
    expect(twin.details).toEqual({ localId: [first.localId] });
    expect(twin.message).toContain(first.title);

    // Asked for anyway while the first is still being made, a second one is requested.
    const second = await operator.call('reports.submit', { request, allowDuplicate: true });
    expect(second.localId).not.toBe(first.localId);

    // Another title is another report.
    const titled = await operator.call('reports.submit', {
      request: { ...request, title: 'Trail for the client' },
    });
    expect(titled.localId).not.toBe(first.localId);

    for (const r of [first, second])
      await operator.waitForPush(
        'reports.changed',
        (c) => c.localId === r.localId && c.state === 'completed',
        60_000,
      );
    // The newest twin is the one offered.
    const afterCompletion = await refusal(operator.call('reports.submit', { request }));
    expect(afterCompletion).toMatchObject({ code: 'duplicate', details: { localId: [second.localId] } });
    expect(afterCompletion.message).toMatch(/was completed/);

    // Asked for anyway, the completed one is the answer: the service would send the same file again.
    const anyway = await operator.call('reports.submit', { request, allowDuplicate: true });
    expect(anyway).toMatchObject({ localId: second.localId, state: 'completed' });
    const trails = (await operator.call('reports.list')).filter(
      (r) => r.request.type === 'trail' && r.request.date_from === day,
    );
    expect(trails).toHaveLength(3);
  });

  it('moves a report’s progress while the service generates it, not only at the end', async () => {
    const { operator } = s;
    const to = yesterday();
    const report = await operator.call('reports.submit', {
      request: { type: 'trail', format: 'pdf', asset_id: 1, date_from: daysBefore(to, 29), date_to: to },
    });
    const partway = await operator.waitForPush(
      'reports.changed',
      (r) => r.localId === report.localId && r.state === 'processing' && r.progress > 0 && r.progress < 100,
      90_000,
    );
    const further = await operator.waitForPush(
      'reports.changed',
      (r) => r.localId === report.localId && r.progress > partway.progress,
      90_000,
    );
    expect(further.progress).toBeGreaterThan(partway.progress);
    await operator.waitForPush(
      'reports.changed',
      (r) => r.localId === report.localId && r.state === 'completed',
      90_000,
    );
  });

  it('runs a mileage report for a group: every asset of the group is in it', async () => {
    const { operator } = s;
    const group = await operator.call('groups.create', { body: { name: 'Vans', asset_ids: [3, 5, 7] } });
    const day = yesterday();
    const report = await operator.call('reports.submit', {
      request: {
        type: 'mileage_daily',
        format: 'json',
        asset_ids: group.asset_ids,
        date_from: day,
        date_to: day,
      },
    });
    expect(report.title).toMatch(/3 assets/);
    await operator.waitForPush(
      'reports.changed',
      (r) => r.localId === report.localId && r.state === 'completed',
      60_000,
    );
    const content = await operator.call('reports.data', { localId: report.localId });
    expect(content.assets?.map((a) => a.id)).toEqual([3, 5, 7]);
  });
});
