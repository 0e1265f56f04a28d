import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../../src/renderer/src/api';
import MbtilesBaseLayer from '../../../src/renderer/src/features/settings/MbtilesBaseLayer.vue';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { AppInfo, MbtilesBaseLayer as Layer, Settings } from '../../../src/shared/ipc/views';
import { FakeBridge } from '../support/fake-bridge';
import { settle } from '../support/mount-with-bridge';
import { TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

const QUARRY: Layer = {
  kind: 'mbtiles',
  name: 'Quarry site',
  fileName: 'quarry.mbtiles',
  minZoom: 10,
  maxZoom: 16,
  bounds: null,
  attribution: null,
  importedAt: 1_700_000_000_000,
  inUse: true,
};

/** A bridge that keeps the Settings as main would: each base-layer method changes the baseLayer it answers. */
function mainWith(
  shell: AppInfo['shell'],
  start: Layer | null = null,
): { bridge: FakeBridge; settings: () => Settings } {
  let settings: Settings = { ...TEST_SETTINGS, baseLayer: start };
  const bridge = new FakeBridge()
    .handle('app.info', { version: '1.0.0', platform: 'linux', shell })
    .handle('settings.get', () => settings)
    .handle('tiles.baseLayerImport', () => {
      settings = { ...settings, baseLayer: QUARRY };
      return QUARRY;
    })
    .handle('tiles.baseLayerUse', (args) => {
      const layer = { ...QUARRY, inUse: args?.inUse ?? true };
      settings = { ...settings, baseLayer: layer };
      return layer;
    })
    .handle('tiles.baseLayerRemove', () => {
      settings = { ...settings, baseLayer: null };
      return null;
    });
  return { bridge, settings: () => settings };
}

async function shown(bridge: FakeBridge): Promise<VueWrapper> {
  setActivePinia(createPinia());
  setBridge(bridge);
  await useSettings().load();
  current = mount(MbtilesBaseLayer, { attachTo: document.body });
  await settle();
  return current;
}

const button = (w: VueWrapper, text: string) => w.findAll('button').find((b) => b.text() === text);

describe('the MBTiles base map in the Settings', () => {
  it('imports through main’s native dialog in the desktop app, then shows the file’s name and zoom range', async () => {
    const { bridge } = mainWith('electron');
    const w = await shown(bridge);
    expect(w.find('[role="status"]').exists()).toBe(false);
    expect(button(w, 'Use the tile server again')).toBeUndefined();

    await button(w, 'Import MBTiles…')?.trigger('click');
    await settle();
    expect(bridge.callsOf('tiles.baseLayerImport')).toEqual([{}]);
    expect(w.find('[role="status"]').text()).toBe(
      'Quarry site (quarry.mbtiles), zoom 10–16: the map shows this file instead of the tile server.',
    );
  });

  it('uses the tile server again, the file again, and removes it', async () => {
    const { bridge, settings } = mainWith('electron', QUARRY);
    const w = await shown(bridge);
    await button(w, 'Use the tile server again')?.trigger('click');
    await settle();
    expect(bridge.callsOf('tiles.baseLayerUse')).toEqual([{ inUse: false }]);
    expect(w.find('[role="status"]').text()).toContain('imported, not in use.');
    await button(w, 'Use this file')?.trigger('click');
    await settle();
    expect(settings().baseLayer?.inUse).toBe(true);
    await button(w, 'Remove')?.trigger('click');
    await settle();
    expect(bridge.callsOf('tiles.baseLayerRemove')).toHaveLength(1);
    expect(w.find('[role="status"]').exists()).toBe(false);
    expect(button(w, 'Remove')).toBeUndefined();
  });

  it('sends the bytes of the file picked in the browser shell, and refuses one too big before reading it', async () => {
    const { bridge } = mainWith('browser');
    const w = await shown(bridge);
    const input = w.get('[data-testid="mbtiles-file-input"]').element as HTMLInputElement;
    const pick = async (file: File): Promise<void> => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      await w.get('[data-testid="mbtiles-file-input"]').trigger('change');
      await settle();
    };
    await button(w, 'Import MBTiles…')?.trigger('click');
    await settle();
    expect(bridge.callsOf('tiles.baseLayerImport')).toHaveLength(0);

    await pick(new File([new Uint8Array(9 * 1024 * 1024)], 'huge.mbtiles'));
    expect(w.find('[role="alert"]').text()).toBe(
      'huge.mbtiles is 9.0 MiB; in this window an MBTiles file may be at most 8 MiB (the desktop app takes any size).',
    );
    expect(bridge.callsOf('tiles.baseLayerImport')).toHaveLength(0);

    await pick(new File([new Uint8Array([83, 81, 76])], 'site.mbtiles'));
    expect(bridge.callsOf('tiles.baseLayerImport')).toEqual([
      { file: { name: 'site.mbtiles', base64: 'U1FM' } },
    ]);
    expect(w.find('[role="alert"]').exists()).toBe(false);
    expect(w.find('[role="status"]').text()).toContain('Quarry site');
  });

  it('shows main’s refusal of a bad file, and the Settings stay as they were', async () => {
    const { bridge } = mainWith('electron');
    bridge.fail('tiles.baseLayerImport', {
      code: 'invalid_request',
      message: 'cut.mbtiles cannot be the base map: The MBTiles file is damaged. Nothing was changed.',
    });
    const w = await shown(bridge);
    await button(w, 'Import MBTiles…')?.trigger('click');
    await settle();
    expect(w.find('[role="alert"]').text()).toBe(
      'MBTiles file not imported: cut.mbtiles cannot be the base map: The MBTiles file is damaged. Nothing was changed.',
    );
    expect(useSettings().settings.baseLayer).toBeNull();
  });
});
