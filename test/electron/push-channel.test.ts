import { describe, expect, it } from 'vitest';
import { createPushChannel, type PushMessage } from '../../src/main/ipc/push-channel';
import { DEFAULT_SETTINGS, type LivePosition, type Settings } from '../../src/shared/ipc/views';

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

  it('wait for the first renderer when none exists yet', () => {
    const channel = createPushChannel();
    channel.push('reports.removed', { localId: 'before-any-window' });
    const got: PushMessage[] = [];
    channel.attach((m) => got.push(m)).ready();
    expect(got).toEqual([{ event: 'reports.removed', payload: { localId: 'before-any-window' } }]);
  });

  it('are bounded: past the limit the oldest live batches are dropped first', () => {
    const channel = createPushChannel({ queueLimit: 3 });
    const got: PushMessage[] = [];
    const target = channel.attach((m) => got.push(m));
    channel.push('reports.removed', { localId: 'r1' });
    channel.push('live.positions', batch(1));
    channel.push('live.positions', batch(2));
    channel.push('live.positions', batch(3));
    target.ready();
    expect(got.map((m) => m.payload)).toEqual([{ localId: 'r1' }, batch(2), batch(3)]);
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
