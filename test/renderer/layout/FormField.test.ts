import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import FormField from '../../../src/renderer/src/layout/forms/FormField.vue';

const withInput = (props: Record<string, unknown>) =>
  mount(FormField, {
    props: { id: 'fuel-liters', label: 'Litres', ...props },
    slots: {
      default: (s: { id: string; describedBy: string | undefined; invalid: boolean }) =>
        h('input', { id: s.id, 'aria-describedby': s.describedBy, 'aria-invalid': s.invalid }),
    },
  });

describe('a form field', () => {
  it('labels its control, and the control names its hint', () => {
    const w = withInput({ hint: 'As on the receipt' });
    const input = w.get('input');
    expect(w.get('label').attributes('for')).toBe('fuel-liters');
    expect(input.attributes('aria-describedby')).toBe('fuel-liters-hint');
    expect(w.get('#fuel-liters-hint').text()).toBe('As on the receipt');
    expect(input.attributes('aria-invalid')).toBe('false');
    expect(w.find('#fuel-liters-error').exists()).toBe(false);
  });

  it('shows the field’s error beside it, and the control reads as invalid and names the error too', async () => {
    const error = ref<string | null>(null);
    const Host = defineComponent(
      () => () =>
        h(
          FormField,
          { id: 'fuel-liters', label: 'Litres', hint: 'As on the receipt', error: error.value },
          {
            default: (s: { id: string; describedBy: string | undefined; invalid: boolean }) =>
              h('input', { id: s.id, 'aria-describedby': s.describedBy, 'aria-invalid': s.invalid }),
          },
        ),
    );
    const w = mount(Host);
    error.value = 'must be more than 0';
    await w.vm.$nextTick();
    const input = w.get('input');
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(input.attributes('aria-describedby')).toBe('fuel-liters-hint fuel-liters-error');
    expect(w.get('#fuel-liters-error').text()).toBe('must be more than 0');
    error.value = null;
    await w.vm.$nextTick();
    expect(w.find('#fuel-liters-error').exists()).toBe(false);
    expect(w.get('input').attributes('aria-describedby')).toBe('fuel-liters-hint');
  });

  it('takes a hint with markup from its hint slot, and names nothing when it has neither hint nor error', () => {
    const rich = mount(FormField, {
      props: { id: 'tile', label: 'Tile URL' },
      slots: { default: () => h('input', { id: 'tile' }), hint: () => h('code', '{z}') },
    });
    expect(rich.get('#tile-hint code').text()).toBe('{z}');
    const bare = withInput({});
    expect(bare.get('input').attributes('aria-describedby')).toBeUndefined();
  });
});
