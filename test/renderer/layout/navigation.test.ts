import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';

describe('navigation contract', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('opens the history screen for the asset a quick action names, and selects it', () => {
    const nav = useNavigation();
    nav.requestHistory(7);
    expect(nav.screen).toBe('history');
    expect(nav.selectedAssetId).toBe(7);
    expect(nav.intentFor('history')).toMatchObject({ kind: 'history', assetId: 7 });
    expect(nav.intentFor('reports')).toBeNull();
  });

  it('opens the history at a moment (an alarm’s replay): the intent carries the instant', () => {
    const nav = useNavigation();
    nav.requestHistoryAt(5, 1_760_000_000_000);
    expect(nav.screen).toBe('history');
    expect(nav.selectedAssetId).toBe(5);
    expect(nav.intentFor('history')).toMatchObject({ kind: 'history', assetId: 5, at: 1_760_000_000_000 });
    nav.requestHistory(5);
    expect(nav.intentFor('history')).not.toHaveProperty('at');
  });

  it('routes report and share requests to their screens', () => {
    const nav = useNavigation();
    nav.requestReport(3);
    expect(nav.screen).toBe('reports');
    expect(nav.intentFor('reports')?.kind).toBe('report');
    nav.requestShare(4);
    expect(nav.screen).toBe('links');
    expect(nav.intentFor('links')).toMatchObject({ kind: 'share', assetId: 4 });
  });

  it('keeps an intent until its screen says it handled it, and ignores a stale acknowledgement', () => {
    const nav = useNavigation();
    nav.requestHistory(1);
    const first = nav.intent!.seq;
    nav.requestHistory(2);
    nav.handled(first);
    expect(nav.intent?.assetId).toBe(2);
    nav.handled(nav.intent!.seq);
    expect(nav.intent).toBeNull();
  });
});
