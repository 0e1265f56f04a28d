import type Database from 'better-sqlite3';
import { DEFAULT_SETTINGS, storedSettingsSchema, type Settings } from '../../../shared/ipc/views';
import { parseJson } from './asset-store';

// Still offered here: the core's tests reach the defaults through the store they exercise.
export { DEFAULT_SETTINGS };

const SETTINGS_KEY = 'settings';

/**
 * The user's settings, and a small key-value space for the core's own
 * remembered state (the last profile, notices already shown).
 */
export interface SettingsStore {
  get(): Settings;
  /** The patch is parsed again here: callers other than IPC (tests, migrations) get the same checks. */
  set(patch: unknown): Settings;
  getValue(key: string): unknown;
  setValue(key: string, value: unknown): void;
  deleteValue(key: string): void;
}

export function createSettingsStore(db: Database.Database): SettingsStore {
  const q = {
    get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
    put: db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    del: db.prepare('DELETE FROM settings WHERE key = ?'),
  };
  const getValue = (key: string): unknown => {
    const row = q.get.get(key);
    return row ? parseJson(row.value) : undefined;
  };
  const get = (): Settings => {
    // Stored settings are parsed field by field: one bad field falls back to its default, not all of them.
    const stored = getValue(SETTINGS_KEY);
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    if (stored && typeof stored === 'object') {
      for (const [key, value] of Object.entries(stored)) {
        const one = storedSettingsSchema.safeParse({ [key]: value });
        if (one.success && key in one.data) out[key] = value;
      }
    }
    return storedSettingsSchema.required().parse(out);
  };
  return {
    get,
    set(patch) {
      const parsed = storedSettingsSchema.parse(patch);
      const next = { ...get(), ...parsed };
      q.put.run(SETTINGS_KEY, JSON.stringify(next));
      return next;
    },
    getValue,
    setValue(key, value) {
      q.put.run(key, JSON.stringify(value));
    },
    deleteValue(key) {
      q.del.run(key);
    },
  };
}
