import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { setBridge } from '../../../src/renderer/src/api';
import TileCacheUse from '../../../src/renderer/src/features/settings/TileCacheUse.vue';
import { FakeBridge } from '../support/fake-bridge';
import { settle } from '../support/mount-with-bridge';

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

async function shown(bridge: FakeBridge): Promise<VueWrapper> {
  setBridge(bridge);
  current = mount(TileCacheUse, { attachTo: document.body });
  await settle();
  return current;
}

const clear = (w: VueWrapper) => w.findAll('button').find((b) => b.text() === 'Clear map tiles');

describe('the map tile cache in the Settings', () => {
  it('says how much the tile cache holds, and Clear empties it', async () => {
    const bridge = new FakeBridge()
      .handle('tiles.usage', { bytes: 3_250_000, tiles: 1_204 })
      .handle('tiles.clear', { bytes: 0, tiles: 0 });
    const w = await shown(bridge);
    expect(w.find('[role="status"]').text()).toBe('Map tiles kept: 3.1 MB (1,204 tiles)');
    await clear(w)?.trigger('click');
    await settle();
    expect(bridge.callsOf('tiles.clear')).toHaveLength(1);
    expect(w.find('[role="status"]').text()).toBe('Map tiles kept: 0 B (0 tiles)');
    expect(clear(w)?.attributes('disabled')).toBeDefined();
  });

  it('says the use is unknown when main cannot tell, and offers no Clear', async () => {
    const bridge = new FakeBridge().fail('tiles.usage', { code: 'internal', message: 'disk is gone' });
    const w = await shown(bridge);
    expect(w.text()).toContain('Map tiles kept: unknown (disk is gone)');
    expect(clear(w)?.attributes('disabled')).toBeDefined();
  });
});
