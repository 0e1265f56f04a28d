import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { defineComponent, ref } from 'vue';
import TextField from '../../../src/renderer/src/layout/forms/TextField.vue';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

/** A form's use of it: a draft field, a grid class on the field, an input listener, an error that comes and goes. */
const Form = defineComponent({
  components: { TextField },
  setup() {
    const km = ref('120');
    const error = ref<string | null>(null);
    const edits = ref(0);
    return { km, error, edits };
  },
  template: `<form>
    <TextField id="km" v-model="km" class="wide" label="Odometer (km)" hint="As on the dashboard" :error="error"
      inputmode="decimal" maxlength="9" data-autofocus numeric @input="edits++" />
  </form>`,
});

describe('a text field of a form', () => {
  it('labels its input, keeps the class on the field and gives every other attribute to the input', () => {
    current = mount(Form, { attachTo: document.body });
    const field = current.get('.form-field');
    const input = current.get('input');
    expect(field.classes()).toContain('wide');
    expect(current.get('label').attributes('for')).toBe('km');
    expect(input.attributes()).toMatchObject({
      id: 'km',
      class: 'input num',
      inputmode: 'decimal',
      maxlength: '9',
      'data-autofocus': '',
      'aria-describedby': 'km-hint',
      'aria-invalid': 'false',
    });
    expect(input.classes()).not.toContain('wide');
    expect((input.element as HTMLInputElement).value).toBe('120');
  });

  it('edits the draft, calls the form’s listener, and names its error to a screen reader', async () => {
    current = mount(Form, { attachTo: document.body });
    const vm = current.vm as unknown as { km: string; error: string | null; edits: number };
    await current.get('input').setValue('121.5');
    expect(vm.km).toBe('121.5');
    expect(vm.edits).toBe(1);
    vm.error = 'Must be at least the last reading';
    await current.vm.$nextTick();
    const input = current.get('input');
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(input.attributes('aria-describedby')).toBe('km-hint km-error');
    expect(current.get('#km-error').text()).toBe('Must be at least the last reading');
  });
});
