import type Database from 'better-sqlite3';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage (its Adapter interface: /example/my_adapter.js of
 * the library) in the service's SQLite, so grants, refresh tokens, sessions
 * and codes survive a restart with the same data directory. One row per
 * model and id; the grant, session uid and user code are columns because
 * the provider looks entries up by them. An entry past its expiry is never
 * returned, and expired rows are swept now and then.
 */
export interface OAuthStore {
  adapterFor(model: string): Adapter;
  /** Deletes expired rows; returns how many. */
  sweep(): number;
}

const payloadOf = (text: string): AdapterPayload | undefined => {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as AdapterPayload) : undefined;
  } catch {
    return undefined;
  }
};

export function createOAuthStore(db: Database.Database, now: () => number = Date.now): OAuthStore {
  db.exec(`
    CREATE TABLE IF NOT EXISTS oauth_store (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      uid TEXT,
      user_code TEXT,
      expires_at INTEGER,
      PRIMARY KEY (model, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS oauth_store_grant ON oauth_store (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS oauth_store_uid ON oauth_store (model, uid) WHERE uid IS NOT NULL;
    CREATE INDEX IF NOT EXISTS oauth_store_user_code ON oauth_store (model, user_code) WHERE user_code IS NOT NULL;
  `);
  const upsert = db.prepare<
    [string, string, string, string | null, string | null, string | null, number | null]
  >(
    `INSERT INTO oauth_store (model, id, payload, grant_id, uid, user_code, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
  );
  const live = '(expires_at IS NULL OR expires_at > ?)';
  const byId = db.prepare<[string, string, number], { payload: string }>(
    `SELECT payload FROM oauth_store WHERE model = ? AND id = ? AND ${live}`,
  );
  const byUid = db.prepare<[string, string, number], { payload: string }>(
    `SELECT payload FROM oauth_store WHERE model = ? AND uid = ? AND ${live} LIMIT 1`,
  );
  const byUserCode = db.prepare<[string, string, number], { payload: string }>(
    `SELECT payload FROM oauth_store WHERE model = ? AND user_code = ? AND ${live} LIMIT 1`,
  );
  // oidc-provider's `consumed` is the epoch second it was spent (its memory adapter does the same).
  const consume = db.prepare<[number, string, string]>(
    `UPDATE oauth_store SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?`,
  );
  const destroy = db.prepare<[string, string]>('DELETE FROM oauth_store WHERE model = ? AND id = ?');
  const revokeGrant = db.prepare<[string, string]>(
    'DELETE FROM oauth_store WHERE model = ? AND grant_id = ?',
  );
  const sweep = db.prepare<[number]>(
    'DELETE FROM oauth_store WHERE expires_at IS NOT NULL AND expires_at <= ?',
  );

  const found = (row: { payload: string } | undefined): AdapterPayload | undefined =>
    row ? payloadOf(row.payload) : undefined;

  return {
    adapterFor(model) {
      return {
        async upsert(id, payload, expiresIn) {
          const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null;
          upsert.run(
            model,
            id,
            JSON.stringify(payload),
            typeof payload.grantId === 'string' ? payload.grantId : null,
            typeof payload.uid === 'string' ? payload.uid : null,
            typeof payload.userCode === 'string' ? payload.userCode : null,
            expiresAt,
          );
        },
        async find(id) {
          return found(byId.get(model, id, now()));
        },
        async findByUid(uid) {
          return found(byUid.get(model, uid, now()));
        },
        async findByUserCode(userCode) {
          return found(byUserCode.get(model, userCode, now()));
        },
        async consume(id) {
          consume.run(Math.floor(now() / 1000), model, id);
        },
        async destroy(id) {
          destroy.run(model, id);
        },
        async revokeByGrantId(grantId) {
          revokeGrant.run(model, grantId);
        },
      };
    },
    sweep() {
      return sweep.run(now()).changes;
    },
  };
}
