import { describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../../src/renderer/src/api';
import { useHistory } from '../../../src/renderer/src/stores/history';
import type { HistoryResult } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { morning, result, T0 } from './history-fixture';

describe('history store', () => {
  it('keeps the answer to the latest request when an older one arrives late', async () => {
    setActivePinia(createPinia());
    let release: (r: HistoryResult) => void = () => {};
    const slow = new Promise<HistoryResult>((r) => (release = r));
    const bridge = new FakeBridge().handle('history.get', (args) =>
      args!.assetId === 1 ? slow : { ...result(morning()), assetId: 2 },
    );
    setBridge(bridge);
    const history = useHistory();
    const first = history.load(1, { start: T0, end: T0 + 3_600_000 });
    await history.load(2, { start: T0, end: T0 + 3_600_000 });
    release({ ...result(morning()), assetId: 1 });
    await first;
    expect(history.loaded?.result.assetId).toBe(2);
    expect(history.loaded?.stops).toHaveLength(2);
    expect(history.loading).toBe(false);
  });

  it('says offline plainly when nothing is cached for the range', async () => {
    setActivePinia(createPinia());
    setBridge(new FakeBridge().fail('history.get', { code: 'offline', message: 'service unreachable' }));
    const history = useHistory();
    await history.load(1, { start: T0, end: T0 + 1000 });
    expect(history.error).toBe('Offline — no cached history for this range');
    expect(history.loaded).toBeNull();
  });
});
