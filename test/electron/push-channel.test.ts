import { describe, expect, it } from 'vitest';
import { createPushChannel, LIVE_WINDOW, type PushMessage } from '../../src/main/ipc/push-channel';
import { DEFAULT_SETTINGS, type LivePosition, type Settings } from '../../src/shared/ipc/views';
import { bareAsset } from '../support/bare-asset';

const settings = (theme: Settings['theme']): Settings => ({ ...DEFAULT_SETTINGS, theme });
const batch = (assetId: number): { positions: LivePosition[] } => ({
  positions: [{ assetId, lat: 0, lon: 0, speed: 0, course: 0, t: assetId, state: 'moving', ignition: true }],
});

describe('pushes waiting for a renderer', () => {
  it('keep only the newest of a whole-state event while the renderer mounts', () => {
    const channel = createPushChannel();
    const got: PushMessage[] = [];
    const target = channel.attach((m) => got.push(m));
    channel.push('settings.changed', settings('dark'));
    channel.push('reports.removed', { localId: 'r1' });
    channel.push('settings.changed', settings('light'));
    target.ready();
    expect(got).toEqual([
      { event: 'reports.removed', payload: { localId: 'r1' } },
      { event: 'settings.changed', payload: settings('light') },
    ]);
  });

  it('join the refreshes of the list that wait into one, which a whole fleet replaces', () => {
    const channel = createPushChannel();
    const got: PushMessage[] = [];
    const target = channel.attach((m) => got.push(m));
    const asset = (id: number) => bareAsset(id, `Van ${id}`);
    const listed = (assets: number[] | null, forgotten: number[], fetchedAt: number) => ({
      assets: assets?.map(asset) ?? null,
      forgotten,
      fetchedAt,
      fromCache: false,
    });
    // Refreshes before a whole fleet are in it.
    channel.push('fleet.listed', listed([1, 2, 7], [], 1));
    const whole = { assets: [asset(1), asset(2)], positions: [], fetchedAt: 2, fromCache: false };
    channel.push('fleet.changed', whole);
    // After it: the newest list, what either forgot unless a newer list names it, the newest age.
    channel.push('fleet.listed', listed([1, 2, 5], [7], 3));
    channel.push('live.positions', { positions: [...batch(5).positions, ...batch(6).positions] });
    channel.push('fleet.listed', listed(null, [6], 4));
    channel.push('fleet.listed', listed([1, 2, 7], [5], 5));
    target.ready();
    expect(got).toEqual([
      { event: 'fleet.changed', payload: whole },
      // The forgotten assets' fixes that waited are not sent after the list that forgot them.
      { event: 'fleet.listed', payload: listed([1, 2, 7], [6, 5], 5) },
    ]);
  });

  it('wait for the first renderer when none exists yet', () => {
    const channel = createPushChannel();
    channel.push('reports.removed', { localId: 'before-any-window' });
    const got: PushMessage[] = [];
    channel.attach((m) => got.push(m)).ready();
    expect(got).toEqual([{ event: 'reports.removed', payload: { localId: 'before-any-window' } }]);
  });

  it('are bounded: past the limit the oldest other events are dropped, never the live run', () => {
    const channel = createPushChannel({ queueLimit: 3 });
    const got: PushMessage[] = [];
    const target = channel.attach((m) => got.push(m));
    for (const localId of ['r1', 'r2', 'r3']) channel.push('reports.removed', { localId });
    channel.push('live.positions', batch(1));
    channel.push('reports.removed', { localId: 'r4' });
    target.ready();
    expect(got.map((m) => m.payload)).toEqual([{ localId: 'r3' }, batch(1), { localId: 'r4' }]);
  });

  it('merge every live batch that waits into the newest fix of each asset, sent after what came before the last', () => {
    const channel = createPushChannel();
    const got: PushMessage[] = [];
    const target = channel.attach((m) => got.push(m));
    const fix = (assetId: number, t: number): LivePosition => ({ ...batch(assetId).positions[0]!, t });
    // A national fleet's feed while the renderer has not said ready: batch after batch of the same assets,
    // with other events (alarms raised, a report gone) between them.
    for (let t = 1; t <= 500; t++) {
      channel.push('live.positions', { positions: [fix(1, t), fix(2, t), fix(3, t)] });
      channel.push('reports.removed', { localId: `r${t}` });
    }
    channel.push('live.positions', { positions: [fix(2, 501)] });
    channel.push('reports.removed', { localId: 'last' });
    target.ready();
    expect(got).toHaveLength(502);
    expect(got.slice(0, 500).map((m) => m.payload)).toEqual(
      Array.from({ length: 500 }, (_, i) => ({ localId: `r${i + 1}` })),
    );
    expect(got.slice(500)).toEqual([
      { event: 'live.positions', payload: { positions: [fix(1, 500), fix(2, 501), fix(3, 500)] } },
      { event: 'reports.removed', payload: { localId: 'last' } },
    ]);
    // Once ready, batches go through as they come to a renderer that takes them.
    target.liveTaken();
    channel.push('live.positions', { positions: [fix(1, 502)] });
    target.liveTaken();
    channel.push('live.positions', { positions: [fix(1, 503)] });
    expect(got.slice(502).map((m) => m.payload)).toEqual([
      { positions: [fix(1, 502)] },
      { positions: [fix(1, 503)] },
    ]);
  });

  it('keep each renderer its own run: one that reloads does not change what another queued', () => {
    const channel = createPushChannel();
    const a: PushMessage[] = [];
    const b: PushMessage[] = [];
    const first = channel.attach((m) => a.push(m));
    const second = channel.attach((m) => b.push(m));
    channel.push('live.positions', batch(1));
    first.ready();
    channel.push('live.positions', batch(2));
    second.ready();
    expect(a.map((m) => m.payload)).toEqual([batch(1), batch(2)]);
    expect(b.map((m) => m.payload)).toEqual([{ positions: [...batch(1).positions, ...batch(2).positions] }]);
  });

  it('reach every ready renderer even if one of them fails', () => {
    const channel = createPushChannel();
    const got: PushMessage[] = [];
    channel
      .attach(() => {
        throw new Error('renderer gone');
      })
      .ready();
    channel.attach((m) => got.push(m)).ready();
    expect(() => channel.push('reports.removed', { localId: 'r1' })).not.toThrow();
    expect(got).toHaveLength(1);
  });
});

describe('live batches to a ready renderer', () => {
  const fix = (assetId: number, t: number): LivePosition => ({ ...batch(assetId).positions[0]!, t });
  const ready = (): {
    channel: ReturnType<typeof createPushChannel>;
    got: PushMessage[];
    target: ReturnType<ReturnType<typeof createPushChannel>['attach']>;
  } => {
    const channel = createPushChannel();
    const got: PushMessage[] = [];
    const target = channel.attach((m) => got.push(m));
    target.ready();
    return { channel, got, target };
  };

  it('go one by one to a renderer that takes each', () => {
    const { channel, got, target } = ready();
    for (let t = 1; t <= 100; t++) {
      channel.push('live.positions', { positions: [fix(t % 7, t)] });
      target.liveTaken();
    }
    expect(got.map((m) => m.payload)).toEqual(
      Array.from({ length: 100 }, (_, i) => ({ positions: [fix((i + 1) % 7, i + 1)] })),
    );
  });

  it('past the window wait as one run of the newest fix per asset, which goes when the renderer takes one', () => {
    const { channel, got, target } = ready();
    for (let t = 1; t <= 50; t++)
      channel.push('live.positions', { positions: [fix(1, t), fix(10 + (t % 3), t)] });
    channel.push('reports.removed', { localId: 'r1' });
    // What is not a live batch is never held: it goes at once, before the batches that wait.
    expect(got.map((m) => m.payload)).toEqual([
      { positions: [fix(1, 1), fix(11, 1)] },
      { positions: [fix(1, 2), fix(12, 2)] },
      { localId: 'r1' },
    ]);
    expect(LIVE_WINDOW).toBe(2);
    target.liveTaken();
    expect(got[3]).toEqual({
      event: 'live.positions',
      payload: { positions: [fix(1, 50), fix(10, 48), fix(11, 49), fix(12, 50)] },
    });
    // Nothing else waits: taking more sends nothing, and the next batch goes at once.
    target.liveTaken();
    target.liveTaken();
    expect(got).toHaveLength(4);
    channel.push('live.positions', { positions: [fix(5, 51)] });
    expect(got[4]?.payload).toEqual({ positions: [fix(5, 51)] });
  });

  it('that wait lose the fixes of the assets a refreshed list forgot', () => {
    const { channel, got, target } = ready();
    for (let t = 1; t <= 2; t++) channel.push('live.positions', { positions: [fix(9, t)] });
    channel.push('live.positions', { positions: [fix(1, 3), fix(2, 3)] });
    channel.push('fleet.listed', { assets: null, forgotten: [2], fetchedAt: 3, fromCache: false });
    target.liveTaken();
    expect(got.slice(2).map((m) => m.payload)).toEqual([
      { assets: null, forgotten: [2], fetchedAt: 3, fromCache: false },
      { positions: [fix(1, 3)] },
    ]);
  });

  it('that wait go to a reloaded renderer once it is ready again, and the window starts afresh', () => {
    const { channel, got, target } = ready();
    for (let t = 1; t <= 4; t++) channel.push('live.positions', { positions: [fix(1, t)] });
    target.reset();
    channel.push('live.positions', { positions: [fix(2, 5)] });
    expect(got).toHaveLength(2);
    target.ready();
    expect(got[2]?.payload).toEqual({ positions: [fix(1, 4), fix(2, 5)] });
    channel.push('live.positions', { positions: [fix(3, 6)] });
    channel.push('live.positions', { positions: [fix(3, 7)] });
    expect(got.map((m) => m.payload).slice(3)).toEqual([{ positions: [fix(3, 6)] }]);
  });

  it('wait for each renderer on its own: a slow one does not hold back another', () => {
    const channel = createPushChannel();
    const slow: PushMessage[] = [];
    const quick: PushMessage[] = [];
    channel.attach((m) => slow.push(m)).ready();
    const taker = channel.attach((m) => quick.push(m));
    taker.ready();
    for (let t = 1; t <= 10; t++) {
      channel.push('live.positions', { positions: [fix(1, t)] });
      taker.liveTaken();
    }
    expect(slow).toHaveLength(LIVE_WINDOW);
    expect(quick).toHaveLength(10);
  });
});
