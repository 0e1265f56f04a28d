import { watch, type Ref } from 'vue';
import { useFormSubmit, type Checked, type FormSubmit } from './use-form-submit';

/** Where a record form sends what passed its checks: a new record, or the replacement of the one edited. */
export interface RecordSink<B> {
  create(body: B): Promise<unknown>;
  /** Absent on a form that only adds records. */
  update?(id: number, body: B): Promise<unknown>;
}

export interface RecordForm<F extends string, B> extends FormSubmit<F> {
  /** Checks, then creates the record, or replaces `editing` (spec 4.3 PUT takes the whole body); true when sent. */
  send(check: () => Checked<B, F>, editing: { readonly id: number } | null): Promise<boolean>;
}

/**
 * A form of one fleet record of an asset (spec 4.3): useFormSubmit, and
 * choosing another asset drops the error the service gave on `asset_id`,
 * which named the asset no longer chosen.
 */
export function useRecordForm<F extends string, B>(
  fields: readonly F[],
  form: Ref<HTMLElement | null>,
  draft: { readonly assetId: number | null },
  sink: RecordSink<B>,
): RecordForm<F, B> {
  const submit = useFormSubmit(fields, form);
  const assetField = fields.find((f) => f === 'asset_id');
  if (assetField !== undefined)
    watch(
      () => draft.assetId,
      () => submit.clear(assetField),
    );
  return {
    ...submit,
    send(check, editing) {
      return submit.submit(check, (body) => {
        if (editing === null) return sink.create(body);
        if (!sink.update) throw new Error('This form only adds records.');
        return sink.update(editing.id, body);
      });
    },
  };
}
