import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../../src/renderer/src/api';
import SettingsDialog from '../../../src/renderer/src/features/settings/SettingsDialog.vue';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { Settings } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { focusedOpener } from '../support/focused-opener';
import { settle } from '../support/mount-with-bridge';
import { TEST_SETTINGS } from '../support/sim-fleet';

const OWN_TILES = 'https://tiles.example.com/{z}/{x}/{y}.png';

let current: VueWrapper | null = null;
let opener: HTMLButtonElement | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

/** The dialog as App.vue opens it: main's settings already in the store, focus on the button that opened it. */
function open(bridge: FakeBridge, settings: Settings = TEST_SETTINGS): VueWrapper {
  const pinia = createPinia();
  setActivePinia(pinia);
  setBridge(bridge);
  useSettings().settings = settings;
  opener = focusedOpener();
  current = mount(SettingsDialog, { global: { plugins: [pinia] }, attachTo: document.body });
  return current;
}

const echo = (patch: unknown): Settings => ({ ...TEST_SETTINGS, ...(patch as Partial<Settings>) });
const field = (w: VueWrapper, name: string) => w.find(`[name="${name}"]`);
const errorText = (w: VueWrapper): string[] => w.findAll('.field-error').map((e) => e.text());

describe('the settings dialog', () => {
  it('is a labelled modal dialog showing main’s settings, with focus on the first field', () => {
    const w = open(new FakeBridge());
    const dialog = w.find('[role="dialog"]');
    expect(dialog.attributes('aria-modal')).toBe('true');
    expect(w.find(`#${dialog.attributes('aria-labelledby')}`).text()).toBe('Settings');
    expect(w.findAll('legend').map((l) => l.text())).toEqual([
      'Map',
      'Offline cache',
      'Appearance',
      'Units and time',
      'Alarms',
      'Updates',
    ]);
    expect((field(w, 'tileUrl').element as HTMLInputElement).value).toBe(TEST_SETTINGS.tileUrl);
    expect((field(w, 'cacheSizeMb').element as HTMLInputElement).value).toBe('500');
    expect((field(w, 'autoUpdate').element as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(field(w, 'tileUrl').element);
    expect(w.text()).toMatch(/From 50 to 50.?000 MB/);
  });

  it('shows each field’s message beside it as the operator types, and sends nothing while one is wrong', async () => {
    const bridge = new FakeBridge().handle('settings.set', echo);
    const w = open(bridge);
    await field(w, 'tileUrl').setValue('https://tiles.example.com/tile.png');
    await field(w, 'cacheSizeMb').setValue('10');
    expect(errorText(w)).toEqual([
      'must be an http(s) tile URL with {z}, {x} and {y}',
      expect.stringMatching(/^must be a whole number of MB from 50 to 50.?000$/),
    ]);
    expect(field(w, 'tileUrl').attributes('aria-invalid')).toBe('true');
    expect(field(w, 'tileAttribution').attributes('aria-invalid')).toBe('false');

    (field(w, 'cacheSizeMb').element as HTMLInputElement).focus();
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toEqual([]);
    expect(w.emitted('close')).toBeUndefined();
    expect(document.activeElement).toBe(field(w, 'tileUrl').element);

    await field(w, 'tileUrl').setValue(OWN_TILES);
    expect(errorText(w)).toHaveLength(1);
  });

  it('saves the changed fields in one patch, then closes and gives focus back', async () => {
    const bridge = new FakeBridge().handle('settings.set', echo);
    const w = open(bridge);
    await field(w, 'tileUrl').setValue(OWN_TILES);
    await field(w, 'tileAttribution').setValue('© Example tiles');
    await field(w, 'cacheSizeMb').setValue('1200');
    await field(w, 'theme').setValue('dark');
    await field(w, 'autoUpdate').setValue(true);
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toEqual([
      {
        tileUrl: OWN_TILES,
        tileAttribution: '© Example tiles',
        cacheSizeMb: 1200,
        theme: 'dark',
        autoUpdate: true,
      },
    ]);
    expect(w.emitted('close')).toHaveLength(1);
    expect(useSettings().settings).toMatchObject({ tileUrl: OWN_TILES, cacheSizeMb: 1200, theme: 'dark' });
    w.unmount();
    current = null;
    expect(document.activeElement).toBe(opener);
  });

  it('saves units, time zone, hour cycle and date format as one patch', async () => {
    const bridge = new FakeBridge().handle('settings.set', echo);
    const w = open(bridge);
    const zones = w.findAll('select[name="timeZone"] option').map((o) => o.attributes('value'));
    expect(zones.slice(0, 2)).toEqual(['system', 'UTC']);
    expect(zones).toContain('America/Chicago');
    await field(w, 'speedUnit').setValue('mph');
    await field(w, 'distanceUnit').setValue('mi');
    await field(w, 'volumeUnit').setValue('usgal');
    await field(w, 'timeZone').setValue('America/Chicago');
    await field(w, 'hour24').setValue(!TEST_SETTINGS.hour24);
    await field(w, 'dateFormat').setValue('dmy');
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toEqual([
      {
        speedUnit: 'mph',
        distanceUnit: 'mi',
        volumeUnit: 'usgal',
        timeZone: 'America/Chicago',
        hour24: !TEST_SETTINGS.hour24,
        dateFormat: 'dmy',
      },
    ]);
    expect(useSettings().settings).toMatchObject({ speedUnit: 'mph', timeZone: 'America/Chicago' });
  });

  it('puts OpenStreetMap back with one button and sends only what differs from main', async () => {
    const bridge = new FakeBridge().handle('settings.set', echo);
    const w = open(bridge, { ...TEST_SETTINGS, tileUrl: OWN_TILES, tileAttribution: '© Example tiles' });
    const restore = w.findAll('button').find((b) => b.text() === 'Restore OpenStreetMap')!;
    expect(restore.attributes('disabled')).toBeUndefined();
    await restore.trigger('click');
    expect((field(w, 'tileUrl').element as HTMLInputElement).value).toBe(TEST_SETTINGS.tileUrl);
    expect(restore.attributes('disabled')).toBeDefined();
    await field(w, 'cacheSizeMb').setValue('500');
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toEqual([
      { tileUrl: TEST_SETTINGS.tileUrl, tileAttribution: TEST_SETTINGS.tileAttribution },
    ]);
  });

  it('closes without a call when nothing changed', async () => {
    const bridge = new FakeBridge().handle('settings.set', echo);
    const w = open(bridge);
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toEqual([]);
    expect(w.emitted('close')).toHaveLength(1);
  });

  it('discards the edits on Cancel and on Esc', async () => {
    const bridge = new FakeBridge().handle('settings.set', echo);
    const w = open(bridge);
    await field(w, 'tileUrl').setValue(OWN_TILES);
    await w
      .findAll('button')
      .find((b) => b.text() === 'Cancel')!
      .trigger('click');
    await field(w, 'cacheSizeMb').trigger('keydown', { key: 'Escape' });
    await settle();
    expect(w.emitted('close')).toHaveLength(2);
    expect(bridge.callsOf('settings.set')).toEqual([]);
    expect(useSettings().settings).toEqual(TEST_SETTINGS);
  });

  it('stays open with the focus inside when the operator clicks beside it', async () => {
    const w = open(new FakeBridge());
    const click = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    expect(w.find('.overlay').element.dispatchEvent(click)).toBe(false);
    await settle();
    expect(w.emitted('close')).toBeUndefined();
    expect(document.activeElement).toBe(field(w, 'tileUrl').element);
  });

  it('keeps the screens behind from seeing its keys, and Tab inside it', async () => {
    const w = open(new FakeBridge());
    // The dialog's last control (the account links' below the settings form) wraps round to the first field.
    const seen: string[] = [];
    const spy = (e: KeyboardEvent): number => seen.push(e.key);
    window.addEventListener('keydown', spy);
    try {
      await field(w, 'autoUpdate').trigger('keydown', { key: ' ' });
      await field(w, 'theme').trigger('keydown', { key: '2' });
      const save = w.findAll('button[type="submit"]').at(-1)!;
      (save.element as HTMLButtonElement).focus();
      await save.trigger('keydown', { key: 'Tab' });
      expect(document.activeElement).toBe(field(w, 'tileUrl').element);
      await field(w, 'tileUrl').trigger('keydown', { key: 'Tab', shiftKey: true });
      expect(document.activeElement).toBe(save.element);
    } finally {
      window.removeEventListener('keydown', spy);
    }
    expect(seen).toEqual([]);
  });

  it('shows main’s refusal beside the field and in words, keeping every edit', async () => {
    const bridge = new FakeBridge().fail('settings.set', {
      code: 'bad_args',
      message: 'The arguments of settings.set are not valid.',
      details: { tileUrl: ['is not an allowed tile host'] },
    });
    const w = open(bridge);
    await field(w, 'tileUrl').setValue(OWN_TILES);
    await field(w, 'cacheSizeMb').setValue('900');
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toHaveLength(1);
    expect(w.emitted('close')).toBeUndefined();
    expect(w.find('[data-testid="settings-error"]').text()).toContain(
      'The settings were not saved: The arguments of settings.set are not valid.',
    );
    expect(errorText(w)).toEqual(['is not an allowed tile host']);
    expect((field(w, 'tileUrl').element as HTMLInputElement).value).toBe(OWN_TILES);
    expect((field(w, 'cacheSizeMb').element as HTMLInputElement).value).toBe('900');
    expect(useSettings().settings).toEqual(TEST_SETTINGS);

    // Main's word on a field stands until that field is edited.
    await field(w, 'tileUrl').setValue('https://tiles.example.org/{z}/{x}/{y}.png');
    expect(errorText(w)).toEqual([]);
  });
});
