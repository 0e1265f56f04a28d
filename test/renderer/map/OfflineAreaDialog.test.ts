import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { setBridge } from '../../../src/renderer/src/api';
import OfflineAreaDialog from '../../../src/renderer/src/features/map/OfflineAreaDialog.vue';
import type { OfflineAreaPlan } from '../../../src/shared/ipc/views';
import { FakeBridge } from '../support/fake-bridge';
import { settle } from '../support/mount-with-bridge';

const VIEW = { bounds: { west: 4.7, south: 45.6, east: 5.0, north: 45.9 }, zoom: 11 };

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

async function open(bridge: FakeBridge): Promise<VueWrapper> {
  setBridge(bridge);
  current = mount(OfflineAreaDialog, { props: { view: VIEW }, attachTo: document.body });
  await settle();
  return current;
}

const download = (w: VueWrapper) => w.findAll('button').find((b) => b.text() === 'Download');

describe('making an area available offline', () => {
  it('says the OpenStreetMap tile policy forbids bulk downloads there, and offers no download', async () => {
    const refused: OfflineAreaPlan = {
      tiles: 40,
      estimatedBytes: 800_000,
      maxTiles: 10_000,
      refusal: 'bulk-forbidden',
    };
    const bridge = new FakeBridge().handle('tiles.areaPlan', refused);
    const w = await open(bridge);
    expect(w.find('[role="alert"]').text()).toContain(
      'OpenStreetMap tile usage policy forbids downloading areas in bulk',
    );
    expect(w.find('[role="alert"]').text()).toContain('The map tiles you view are still kept');
    expect(download(w)?.attributes('disabled')).toBeDefined();
    expect(bridge.callsOf('tiles.areaPlan')).toEqual([{ bounds: VIEW.bounds, minZoom: 11, maxZoom: 13 }]);
  });

  it('shows the estimate, asks again when the zoom range changes, and offers Cancel while downloading', async () => {
    const bridge = new FakeBridge()
      .handle('tiles.areaPlan', (area) => ({
        tiles: ((area?.maxZoom ?? 0) - (area?.minZoom ?? 0) + 1) * 10,
        estimatedBytes: 2 * 1024 * 1024,
        maxTiles: 10_000,
        refusal: null,
      }))
      .handle('tiles.areaDownload', {
        tiles: 40,
        estimatedBytes: 2 * 1024 * 1024,
        maxTiles: 10_000,
        refusal: null,
      })
      .handle('tiles.areaCancel', null);
    const w = await open(bridge);
    expect(w.find('[data-testid="offline-area-estimate"]').text()).toBe(
      '30 tiles, about 2.0 MB (at most 10,000 tiles a download).',
    );
    await w.find('select[name="maxZoom"]').setValue('12');
    await settle();
    expect(w.find('[data-testid="offline-area-estimate"]').text()).toMatch(/^20 tiles/);
    await download(w)?.trigger('click');
    await settle();
    expect(w.find('progress').attributes('max')).toBe('40');
    await w
      .findAll('button')
      .find((b) => b.text() === 'Cancel download')
      ?.trigger('click');
    await settle();
    expect(bridge.callsOf('tiles.areaCancel')).toHaveLength(1);
  });
});
