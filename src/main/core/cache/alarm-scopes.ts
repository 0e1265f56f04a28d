import type Database from 'better-sqlite3';

/** Scope names (alarms/alarm-scope.ts) as the small numbers the inbox's rows and indexes carry. */
export interface AlarmScopes {
  /** The scope's number, made on first use. */
  id(name: string): number;
}

export function createAlarmScopes(db: Database.Database): AlarmScopes {
  const known = new Map<string, number>();
  const q = {
    add: db.prepare('INSERT INTO alarm_scopes (name) VALUES (?) ON CONFLICT (name) DO NOTHING'),
    get: db.prepare<[string], { id: number }>('SELECT id FROM alarm_scopes WHERE name = ?'),
  };
  return {
    id(name) {
      let id = known.get(name);
      if (id === undefined) {
        q.add.run(name);
        id = q.get.get(name)?.id;
        if (id === undefined) throw new Error(`alarm scope ${name} could not be stored`);
        known.set(name, id);
      }
      return id;
    },
  };
}
