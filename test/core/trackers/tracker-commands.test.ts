import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../app-core.harness';
import { FOREIGN_ASSET, refusal, startAdminService, type AdminService } from '../records/admin-service';

const trackerOf = async (h: Harness, assetId: number): Promise<number> => {
  const asset = (await h.call('fleet.snapshot')).assets.find((a) => a.id === assetId);
  if (!asset?.tracker) throw new Error(`asset ${assetId} has no tracker`);
  return asset.tracker.id;
};

describe('tracker commands through the core, against the local service', { timeout: 90_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
    await s.operator.call('fleet.refresh');
    await s.restricted.call('fleet.refresh');
  });
  afterAll(async () => {
    await s.close();
  });

  it('sends a hard reset at once and shows it acknowledged live, without anyone reloading', async () => {
    const { operator } = s;
    // Asset 1 reports every 10 s around the clock, so it acknowledges within 15 s (5 s + one fix).
    const trackerId = await trackerOf(operator, 1);
    const from = operator.pushes.length;
    const command = await operator.call('trackers.reset', { trackerId, mode: 'hard' });
    expect(command).toMatchObject({
      tracker_id: trackerId,
      type: 'reset',
      parameters: { mode: 'hard' },
      status: 'sent',
    });
    const pending = await operator.call('trackers.commands', { trackerId });
    expect(pending).toMatchObject({ trackerId, pending: true, fromCache: false });
    expect(pending.items[0]).toMatchObject({ id: command.id, status: 'sent' });

    // The core polls while the command is pending; its push is the only signal the screen gets.
    for (let after = from; ;) {
      await operator.waitForPush(
        'records.changed',
        (c) => c.family === 'trackerCommands' && c.trackerId === trackerId,
        30_000,
        after,
      );
      after = operator.pushes.length;
      const now = await operator.call('trackers.commands', { trackerId });
      const mine = now.items.find((c) => c.id === command.id);
      if (mine?.status === 'acknowledged') {
        expect(Date.parse(mine.acknowledged_at ?? '')).toBeGreaterThanOrEqual(
          Date.parse(mine.created_at) + 5_000,
        );
        expect(now.pending).toBe(false);
        break;
      }
    }
  });

  it('switches Bluetooth and reads the switch back from the history', async () => {
    const trackerId = await trackerOf(s.operator, 2);
    const on = await s.operator.call('trackers.setBle', { trackerId, enabled: true });
    expect(on).toMatchObject({ tracker_id: trackerId, ble_enabled: true });
    const history = await s.operator.call('trackers.commands', { trackerId });
    expect(history.bleEnabled).toBe(true);
    expect(history.items[0]).toMatchObject({ id: on.command_id, type: 'ble_on' });
    await s.operator.call('trackers.setBle', { trackerId, enabled: false });
    expect((await s.operator.call('trackers.commands', { trackerId })).bleEnabled).toBe(false);
  });

  it('explains a refusal: another asset’s tracker (403) and a tracker that does not exist (404)', async () => {
    const foreign = await trackerOf(s.operator, FOREIGN_ASSET);
    const refused = await refusal(s.restricted.call('trackers.reset', { trackerId: foreign, mode: 'soft' }));
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toMatch(/Your account may not do this/);
    expect((await refusal(s.restricted.call('trackers.commands', { trackerId: foreign }))).code).toBe(
      'forbidden',
    );
    const unknown = await refusal(s.operator.call('trackers.reset', { trackerId: 999_999, mode: 'soft' }));
    expect(unknown).toMatchObject({ code: 'not_found', message: 'No tracker with id 999999.' });
  });

  it('offline, refuses a command and never sends it later', async () => {
    const trackerId = await trackerOf(s.operator, 3);
    const before = await s.operator.call('trackers.commands', { trackerId });
    await s.stopService();
    try {
      const refused = await refusal(s.operator.call('trackers.reset', { trackerId, mode: 'hard' }));
      expect(refused.code).toBe('offline');
      const cached = await s.operator.call('trackers.commands', { trackerId });
      expect(cached).toMatchObject({ fromCache: true, fetchedAt: before.fetchedAt, items: before.items });
    } finally {
      await s.startService();
    }
    // Back online, the core reconnects and reconciles; the refused command is nowhere.
    await s.operator.call('fleet.refresh');
    const after = await s.operator.call('trackers.commands', { trackerId });
    expect(after.fromCache).toBe(false);
    expect(after.items.map((c) => c.id)).toEqual(before.items.map((c) => c.id));
  });
});
