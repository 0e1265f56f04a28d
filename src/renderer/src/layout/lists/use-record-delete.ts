import { ref, type Ref } from 'vue';

export interface RecordDelete {
  readonly deleting: Ref<boolean>;
  /** "Not deleted: …" with main's words, shown in the confirmation, which stays open for another try. */
  readonly error: Ref<string | null>;
  /** A new confirmation starts without the last one's refusal. */
  forget(): void;
  /** Deletes; on success `done` says what went, on a refusal the error says why. */
  run(remove: () => Promise<unknown>, said: string): Promise<void>;
}

/** The delete behind a list's confirmation dialog (Maintenance lists of spec 4.3 records). */
export function useRecordDelete(done: (said: string) => void): RecordDelete {
  const deleting = ref(false);
  const error = ref<string | null>(null);
  return {
    deleting,
    error,
    forget() {
      error.value = null;
    },
    async run(remove, said) {
      deleting.value = true;
      error.value = null;
      try {
        await remove();
        done(said);
      } catch (err) {
        error.value = `Not deleted: ${err instanceof Error ? err.message : String(err)}`;
      } finally {
        deleting.value = false;
      }
    },
  };
}
