import { describe, expect, it } from 'vitest';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { mountApp } from '../support/app-shell';
import { pressOnFocus } from '../support/keyboard';
import { settle } from '../support/mount-with-bridge';

describe('the shortcuts overlay in the app', () => {
  it('closes with ? pressed in it, keeps the screen keys from the screens behind, and gives way to the settings on ,', async () => {
    const { wrapper: w } = await mountApp();
    const help = (): boolean => w.find('[role="dialog"][aria-labelledby="help-title"]').exists();
    const settings = (): boolean => w.find('[role="dialog"][aria-labelledby="settings-title"]').exists();
    pressOnFocus('?');
    await settle();
    expect(help()).toBe(true);
    pressOnFocus('?');
    await settle();
    expect(help()).toBe(false);

    pressOnFocus('?');
    await settle();
    pressOnFocus('2');
    await settle();
    expect(useNavigation().screen).toBe('map');
    expect(help()).toBe(true);
    pressOnFocus(',');
    await settle();
    expect(help()).toBe(false);
    expect(settings()).toBe(true);
    expect(document.activeElement?.getAttribute('name')).toBe('tileUrl');
  });

  it('gives the focus back to the button that opened it', async () => {
    const { wrapper: w } = await mountApp();
    const button = w.findAll('header button').find((b) => b.text() === '?')!;
    (button.element as HTMLElement).focus();
    await button.trigger('click');
    await settle();
    expect(document.activeElement?.textContent).toContain('Close');
    pressOnFocus('Escape');
    await settle();
    expect(w.find('[aria-labelledby="help-title"]').exists()).toBe(false);
    expect(document.activeElement).toBe(button.element);
  });
});
