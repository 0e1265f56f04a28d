import type Database from 'better-sqlite3';

/**
 * The alarm inbox (docs/architecture.md "Alarms"), kept per profile: a
 * scope names the service, account and user an inbox belongs to
 * (alarms/alarm-scope.ts), so a restricted user's inbox never shows what
 * another user's connection brought in. Rows carry the scope's number, not
 * its name: every index starts with it, and a short key keeps them small.
 *
 * - alarm_inbox: one row per alarm, the service's (key `svc:<id>`) or one the
 *   core raised itself (`local:…`). The screen asks for newest first under
 *   any mix of filters, so each filter column has an index ending in
 *   raised_at: SQLite walks one of them in order and stops after a page, and
 *   counts the total from the index alone, instead of sorting 100,000 rows
 *   (bench/alarms.bench.ts --app). The unacknowledged index covers the
 *   summary's counts.
 * - alarm_text: what a text search looks in (the asset's name, the message,
 *   the kind, lower-cased), apart from the rows, so a search scans a few
 *   megabytes of text and not every column of every alarm.
 * - alarm_items: geofences and alert rules, the service's as last read (for
 *   offline reading) and this computer's own (source 'local'), as JSON bodies
 *   parsed with the shared schemas on the way out.
 */
export default function migration0003(db: Database.Database): void {
  db.exec(`
    CREATE TABLE alarm_scopes (
      id    INTEGER PRIMARY KEY,
      name  TEXT NOT NULL UNIQUE
    ) STRICT;

    CREATE TABLE alarm_inbox (
      seq           INTEGER PRIMARY KEY,
      scope         INTEGER NOT NULL REFERENCES alarm_scopes (id),
      key           TEXT    NOT NULL,
      source        TEXT    NOT NULL CHECK (source IN ('service', 'local')),
      service_id    INTEGER,
      kind          TEXT    NOT NULL,
      severity      TEXT    NOT NULL CHECK (severity IN ('critical', 'warning', 'info')),
      asset_id      INTEGER NOT NULL,
      asset_name    TEXT    NOT NULL,
      raised_at     INTEGER NOT NULL,
      latitude      REAL,
      longitude     REAL,
      value         REAL,
      threshold     REAL,
      unit          TEXT,
      message       TEXT    NOT NULL,
      rule_id       INTEGER,
      geofence_id   INTEGER,
      acknowledged  INTEGER NOT NULL DEFAULT 0,
      ack_by        TEXT,
      ack_user_id   INTEGER,
      ack_at        INTEGER,
      ack_comment   TEXT,
      UNIQUE (scope, key)
    ) STRICT;

    CREATE INDEX alarm_inbox_by_time     ON alarm_inbox (scope, raised_at, seq);
    CREATE INDEX alarm_inbox_by_ack      ON alarm_inbox (scope, acknowledged, raised_at, seq);
    CREATE INDEX alarm_inbox_by_severity ON alarm_inbox (scope, severity, raised_at, seq);
    CREATE INDEX alarm_inbox_by_kind     ON alarm_inbox (scope, kind, raised_at, seq);
    CREATE INDEX alarm_inbox_by_asset    ON alarm_inbox (scope, asset_id, raised_at, seq);
    CREATE INDEX alarm_inbox_unacked     ON alarm_inbox (scope, acknowledged, asset_id, severity);

    CREATE TABLE alarm_text (
      seq   INTEGER PRIMARY KEY REFERENCES alarm_inbox (seq) ON DELETE CASCADE,
      text  TEXT NOT NULL
    ) STRICT;

    CREATE TABLE alarm_items (
      scope       INTEGER NOT NULL REFERENCES alarm_scopes (id),
      type        TEXT    NOT NULL CHECK (type IN ('geofence', 'rule')),
      source      TEXT    NOT NULL CHECK (source IN ('service', 'local')),
      id          INTEGER NOT NULL,
      body        TEXT    NOT NULL,
      updated_at  INTEGER NOT NULL,
      PRIMARY KEY (scope, type, source, id)
    ) STRICT, WITHOUT ROWID;
  `);
}
