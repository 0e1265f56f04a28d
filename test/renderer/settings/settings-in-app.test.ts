import { describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { mountApp, press } from '../support/app-shell';
import { settle } from '../support/mount-with-bridge';

const dialog = (w: VueWrapper) => w.find('[role="dialog"][aria-labelledby="settings-title"]');

describe('settings in the app', () => {
  it('opens with , and lets the screens behind be while it is open', async () => {
    const { wrapper } = await mountApp();
    expect(dialog(wrapper).exists()).toBe(false);
    press(',');
    await settle();
    expect(dialog(wrapper).exists()).toBe(true);
    press('2');
    expect(useNavigation().screen).toBe('map');
    press('Escape');
    await settle();
    expect(dialog(wrapper).exists()).toBe(false);
  });

  it('opens from the header button, applies a saved theme, and gives focus back to the button', async () => {
    const { wrapper, bridge } = await mountApp();
    expect(wrapper.find('header select').exists()).toBe(false);
    const button = wrapper.findAll('header button').find((b) => b.text() === 'Settings')!;
    (button.element as HTMLButtonElement).focus();
    await button.trigger('click');
    await settle();
    await dialog(wrapper).find('[name="theme"]').setValue('dark');
    await dialog(wrapper).find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('settings.set')).toEqual([{ theme: 'dark' }]);
    expect(dialog(wrapper).exists()).toBe(false);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.activeElement).toBe(button.element);
  });

  it('lists the settings key, the replay keys and the alarm list’s keys in the shortcuts overlay, with focus on its Close button', async () => {
    const { wrapper } = await mountApp();
    press('?');
    await settle();
    const help = wrapper.find('[aria-labelledby="help-title"]');
    expect(help.findAll('h3').map((h) => h.text())).toEqual(['General', 'History replay', 'Alarms']);
    const replay = help.find('section[aria-label="History replay"]');
    expect(replay.findAll('kbd').map((k) => k.text())).toEqual(['Space', '← →', '+ −']);
    const alarms = help.find('section[aria-label="Alarms"]');
    expect(alarms.findAll('kbd').map((k) => k.text())).toEqual([
      '/',
      '↑ ↓',
      'Space',
      'A',
      'Enter',
      'R',
      'Esc',
    ]);
    expect(help.text()).toContain('Settings');
    expect(document.activeElement?.textContent).toContain('Close');
    press('Escape');
    await settle();
    expect(wrapper.find('[aria-labelledby="help-title"]').exists()).toBe(false);
  });
});
