import { ref, type Ref } from 'vue';

/** A button a list row offers. */
export interface RowAction<Key extends string = string> {
  readonly key: Key;
  readonly label: string;
  /** This action only, e.g. Open on an expired link. */
  readonly disabled?: boolean;
}

export interface RowMessage {
  readonly tone: 'ok' | 'error';
  readonly text: string;
}

export interface RowActions {
  /** The outcome of the last action, shown once for the whole list. */
  readonly message: Ref<RowMessage | null>;
  /** The action running now ("<row>:<action>"), or null: one at a time per list. */
  readonly busy: Ref<string | null>;
  /** Runs a row's action; what it resolves to is said as success, what it throws as the error. */
  run(key: string, action: () => Promise<string | null>): Promise<void>;
}

/** What the report and link lists share: one action at a time, its outcome in one message line. */
export function useRowActions(): RowActions {
  const message = ref<RowMessage | null>(null);
  const busy = ref<string | null>(null);
  async function run(key: string, action: () => Promise<string | null>): Promise<void> {
    busy.value = key;
    message.value = null;
    try {
      const said = await action();
      if (said !== null) message.value = { tone: 'ok', text: said };
    } catch (err) {
      message.value = { tone: 'error', text: err instanceof Error ? err.message : String(err) };
    } finally {
      busy.value = null;
    }
  }
  return { message, busy, run };
}
