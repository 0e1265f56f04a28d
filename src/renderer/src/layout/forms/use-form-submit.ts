import { nextTick, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { FieldErrors } from './form-check';
import { refusalOf } from './refusal';

export type Checked<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

export interface FormSubmit<F extends string> {
  /** The form's checks, or the service's spec 7 errors, per field. */
  readonly errors: ShallowRef<FieldErrors<F>>;
  /** What to say above the buttons: main's refusal in words. */
  readonly message: Ref<string | null>;
  readonly busy: Ref<boolean>;
  /**
   * Checks with the shared schema, sends only what passed, and on a refusal
   * keeps the form as typed with each field's error beside it; the first
   * field in error takes the focus. True when sent.
   */
  submit<T>(check: () => Checked<T, F>, send: (data: T) => Promise<unknown>): Promise<boolean>;
  /** The operator edited a field: its old error no longer applies. */
  clear(field: F): void;
}

/** What every record form of the Maintenance screen, the tags and the account links share. */
export function useFormSubmit<F extends string>(
  fields: readonly F[],
  form: Ref<HTMLElement | null>,
): FormSubmit<F> {
  const errors = shallowRef<FieldErrors<F>>({});
  const message = ref<string | null>(null);
  const busy = ref(false);

  const focusFirstError = async (): Promise<void> => {
    await nextTick();
    form.value?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return {
    errors,
    message,
    busy,
    async submit(check, send) {
      if (busy.value) return false;
      const checked = check();
      if (!checked.ok) {
        errors.value = checked.errors;
        message.value = checked.errors.form ?? null;
        await focusFirstError();
        return false;
      }
      errors.value = {};
      message.value = null;
      busy.value = true;
      try {
        await send(checked.data);
        return true;
      } catch (err) {
        const refused = refusalOf(err, fields);
        errors.value = refused.fields;
        message.value = `Not saved: ${refused.message}`;
        await focusFirstError();
        return false;
      } finally {
        busy.value = false;
      }
    },
    clear(field) {
      if (errors.value[field] === undefined) return;
      const next = { ...errors.value };
      delete next[field];
      errors.value = next;
    },
  };
}
