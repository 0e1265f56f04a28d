import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { nextTick } from 'vue';
import AssetPicker from '../../../src/renderer/src/features/assets/AssetPicker.vue';
import { simFleet } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

const fleet = simFleet(10_000).assets;

function mountPicker(props: Record<string, unknown>): VueWrapper {
  const wrapper = mount(AssetPicker, {
    props: { assets: fleet, label: 'Asset', ...props },
    attachTo: document.body,
  });
  current = wrapper;
  return wrapper;
}

/** A wrapper whose v-model follows what it emits, as a parent form's would. */
function mountBound(props: Record<string, unknown>): VueWrapper {
  const wrapper: VueWrapper = mountPicker({
    ...props,
    'onUpdate:modelValue': (id: number) => wrapper.setProps({ modelValue: id }),
    'onUpdate:ids': (ids: number[]) => wrapper.setProps({ ids }),
  });
  return wrapper;
}

const idsOf = (w: VueWrapper): unknown => (w.props() as Record<string, unknown>).ids;

const key = async (w: VueWrapper, k: string): Promise<void> => {
  await w.find('input').trigger('keydown', { key: k });
  await nextTick();
};

describe('asset picker', () => {
  it('is a labelled combobox that shows the chosen asset and lists 50 of 10,000 with "type to narrow"', async () => {
    const w = mountBound({ modelValue: 3 });
    const input = w.find('input');
    expect(input.attributes('role')).toBe('combobox');
    expect(w.find(`label[for="${input.attributes('id')}"]`).text()).toBe('Asset');
    expect((input.element as HTMLInputElement).value).toBe(fleet[2]!.name);
    expect(input.attributes('aria-expanded')).toBe('false');
    const list = w.find('[role="listbox"]');
    expect(input.attributes('aria-controls')).toBe(list.attributes('id'));

    await key(w, 'ArrowDown');
    expect(input.attributes('aria-expanded')).toBe('true');
    expect(w.findAll('[role="option"]')).toHaveLength(50);
    expect(w.find('[data-testid="picker-status"]').text()).toBe('50 of 10,000 shown — type to narrow');
    // The chosen asset is the active one when the list opens on it.
    const active = w.find(`[id="${input.attributes('aria-activedescendant')}"]`);
    expect(active.attributes('aria-selected')).toBe('true');
    expect(active.text()).toContain(fleet[2]!.name);
  });

  it('narrows as the operator types, moves with the arrows, picks with Enter', async () => {
    const w = mountBound({ modelValue: null });
    const input = w.find('input');
    const target = fleet[1233]!;
    await input.setValue(target.name);
    const options = w.findAll('[role="option"]');
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(50);
    expect(options[0]!.text()).toContain(target.name);
    expect(input.attributes('aria-activedescendant')).toBe(options[0]!.attributes('id'));

    await key(w, 'ArrowUp');
    expect(input.attributes('aria-activedescendant')).toBe(options.at(-1)!.attributes('id'));
    await key(w, 'ArrowDown');
    await key(w, 'Enter');
    expect(w.emitted('update:modelValue')).toEqual([[target.id]]);
    expect(input.attributes('aria-expanded')).toBe('false');
    expect((input.element as HTMLInputElement).value).toBe(target.name);
  });

  it('picks by registration or IMEI too, and with a click', async () => {
    const w = mountBound({ modelValue: null });
    const target = fleet[77]!;
    await w.find('input').setValue(target.tracker!.imei!);
    await w.find('[role="option"]').trigger('click');
    expect(w.emitted('update:modelValue')).toEqual([[target.id]]);
  });

  it('Escape closes the list, then puts the chosen name back; leaving the field does too', async () => {
    const w = mountBound({ modelValue: 5 });
    const input = w.find('input');
    await input.setValue('Reefer 00');
    expect(input.attributes('aria-expanded')).toBe('true');
    await key(w, 'Escape');
    expect(input.attributes('aria-expanded')).toBe('false');
    expect((input.element as HTMLInputElement).value).toBe('Reefer 00');
    await key(w, 'Escape');
    expect((input.element as HTMLInputElement).value).toBe(fleet[4]!.name);

    await input.setValue('Bus');
    await w.find('.asset-picker').trigger('focusout');
    expect((input.element as HTMLInputElement).value).toBe(fleet[4]!.name);
    expect(w.emitted('update:modelValue')).toBeUndefined();
  });

  it('keeps what the operator is typing when the fleet is refreshed, and shows a renamed choice', async () => {
    const w = mountBound({ modelValue: 5 });
    const input = w.find('input');
    await input.setValue('Tank');
    await w.setProps({ assets: [...fleet] });
    expect((input.element as HTMLInputElement).value).toBe('Tank');
    await key(w, 'Escape');
    await key(w, 'Escape');
    await w.setProps({ assets: fleet.map((a) => (a.id === 5 ? { ...a, name: 'Bus 5 (spare)' } : a)) });
    expect((input.element as HTMLInputElement).value).toBe('Bus 5 (spare)');
  });

  it('leaves Enter to the form while the list is closed', async () => {
    const w = mountBound({ modelValue: 5 });
    const event = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true, bubbles: true });
    w.find('input').element.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('in multiple mode keeps the list open, shows chips and removes them', async () => {
    const w = mountBound({ multiple: true, ids: [2], label: 'Assets' });
    expect(w.findAll('.chip').map((c) => c.text())).toEqual([`${fleet[1]!.name} ×`]);
    expect(w.find('[role="listbox"]').attributes('aria-multiselectable')).toBe('true');

    await w.find('input').setValue(fleet[9]!.vin!);
    await key(w, 'Enter');
    expect(idsOf(w)).toEqual([2, 10]);
    expect(w.find('input').attributes('aria-expanded')).toBe('true');
    expect(w.find('[role="option"]').attributes('aria-selected')).toBe('true');

    await w.find(`button[aria-label="Remove ${fleet[1]!.name}"]`).trigger('click');
    expect(idsOf(w)).toEqual([10]);
    expect(document.activeElement).toBe(w.find('input').element);

    await w.find('input').setValue('');
    await key(w, 'Backspace');
    expect(idsOf(w)).toEqual([]);
    expect(w.find('.chips').exists()).toBe(false);
  });

  it('opens its list above the field near the bottom of the window, and goes back below when the window grows', async () => {
    const w = mountBound({ modelValue: 3 });
    const input = w.find('input').element as HTMLInputElement;
    // happy-dom lays nothing out: the geometry a browser would report at 768 px high.
    let fieldTop = 640;
    input.getBoundingClientRect = () => new DOMRect(0, fieldTop, 300, 30);
    Object.defineProperty(w.find('[role="listbox"]').element, 'scrollHeight', { value: 1500 });
    const popup = w.find('.popup');

    await key(w, 'ArrowDown');
    await nextTick();
    expect(window.innerHeight).toBe(768);
    expect(popup.classes()).toContain('above');
    expect(popup.attributes('style')).toContain('max-height: 632px');
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fieldTop = 100;
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => requestAnimationFrame(r));
    await nextTick();
    expect(popup.classes()).not.toContain('above');
    expect(popup.attributes('style')).toContain(`max-height: ${768 - 130 - 8}px`);
  });
});
