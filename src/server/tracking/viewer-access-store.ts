import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';

/** How a viewer got in: a verified e-mail (email, email_code) or an account token (authorized_only). */
export type ViewerKind = 'email' | 'token';

export interface ViewerSession {
  readonly linkUuid: string;
  readonly kind: ViewerKind;
  readonly email: string | null;
  readonly userId: number | null;
  /** email_code: the verification whose code must still be entered; null once entered (or not needed). */
  readonly pendingVerificationId: number | null;
  readonly expiresAt: number;
}

export interface EmailVerification {
  readonly id: number;
  readonly linkUuid: string;
  readonly email: string;
  readonly expiresAt: number;
  readonly usedAt: number | null;
  readonly failedAttempts: number;
  readonly lockedUntil: number | null;
}

export type CodeCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'wrong'; readonly attemptsLeft: number }
  | { readonly ok: false; readonly reason: 'locked'; readonly until: number }
  | { readonly ok: false; readonly reason: 'expired' };

/** Secrets are stored only as SHA-256 hashes: a copied database file opens no page. */
const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();
const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * Who may currently view which tracking page. Lives in the service's SQLite
 * file next to the links, so a viewer stays signed in across a restart with
 * the same --data-dir.
 */
export interface ViewerAccessStore {
  /** A new verification for `email`; returns the secret link token and the 6-digit code (both only here). */
  createVerification(
    linkUuid: string,
    email: string,
    now: number,
    ttlMs: number,
  ): { token: string; code: string; verification: EmailVerification };
  /** Marks the verification used (one use only) and returns it; null when unknown, used or expired. */
  consumeVerification(
    linkUuid: string,
    token: string,
    now: number,
  ): { verification: EmailVerification } | { error: 'unknown' | 'expired' };
  verification(id: number): EmailVerification | null;
  /** Constant-time code check with a lockout after `maxAttempts` wrong codes. */
  checkCode(id: number, code: string, now: number, rules: { maxAttempts: number; lockMs: number }): CodeCheck;

  createSession(session: Omit<ViewerSession, 'expiresAt'>, now: number, ttlMs: number): string;
  session(linkUuid: string, cookieValue: string, now: number): ViewerSession | null;
  completeCode(linkUuid: string, cookieValue: string): void;
}

interface VerificationRow {
  id: number;
  link_uuid: string;
  email: string;
  code_salt: string;
  code_hash: Buffer;
  expires_at: number;
  used_at: number | null;
  failed_attempts: number;
  locked_until: number | null;
}

interface SessionRow {
  link_uuid: string;
  kind: ViewerKind;
  email: string | null;
  user_id: number | null;
  pending_verification_id: number | null;
  expires_at: number;
}

const verificationFromRow = (r: VerificationRow): EmailVerification => ({
  id: r.id,
  linkUuid: r.link_uuid,
  email: r.email,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
  failedAttempts: r.failed_attempts,
  lockedUntil: r.locked_until,
});

const codeHash = (salt: string, code: string): Buffer => sha256(`${salt}:${code}`);

export function createViewerAccessStore(db: Database.Database): ViewerAccessStore {
  db.exec(`CREATE TABLE IF NOT EXISTS tracking_email_verifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    link_uuid TEXT NOT NULL,
    email TEXT NOT NULL,
    token_hash BLOB NOT NULL UNIQUE,
    code_salt TEXT NOT NULL,
    code_hash BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    locked_until INTEGER
  );
  CREATE TABLE IF NOT EXISTS tracking_viewer_sessions (
    id_hash BLOB PRIMARY KEY,
    link_uuid TEXT NOT NULL,
    kind TEXT NOT NULL,
    email TEXT,
    user_id INTEGER,
    pending_verification_id INTEGER,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  )`);

  const insertVerification = db.prepare(`INSERT INTO tracking_email_verifications
    (link_uuid, email, token_hash, code_salt, code_hash, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const verificationByToken = db.prepare(
    'SELECT * FROM tracking_email_verifications WHERE token_hash = ? AND link_uuid = ?',
  );
  const verificationById = db.prepare('SELECT * FROM tracking_email_verifications WHERE id = ?');
  const markUsed = db.prepare('UPDATE tracking_email_verifications SET used_at = ? WHERE id = ?');
  const recordFailure = db.prepare(
    'UPDATE tracking_email_verifications SET failed_attempts = ?, locked_until = ? WHERE id = ?',
  );
  const insertSession = db.prepare(`INSERT INTO tracking_viewer_sessions
    (id_hash, link_uuid, kind, email, user_id, pending_verification_id, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const sessionById = db.prepare(
    'SELECT * FROM tracking_viewer_sessions WHERE id_hash = ? AND link_uuid = ? AND expires_at > ?',
  );
  const clearPending = db.prepare(
    'UPDATE tracking_viewer_sessions SET pending_verification_id = NULL WHERE id_hash = ? AND link_uuid = ?',
  );
  const purge = db.prepare('DELETE FROM tracking_viewer_sessions WHERE expires_at <= ?');
  const purgeVerifications = db.prepare('DELETE FROM tracking_email_verifications WHERE expires_at <= ?');

  return {
    createVerification(linkUuid, email, now, ttlMs) {
      purgeVerifications.run(now - ttlMs);
      const token = newSecret();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(16).toString('base64url');
      const row = insertVerification.get(
        linkUuid,
        email,
        sha256(token),
        salt,
        codeHash(salt, code),
        now,
        now + ttlMs,
      ) as VerificationRow;
      return { token, code, verification: verificationFromRow(row) };
    },
    consumeVerification(linkUuid, token, now) {
      // Looked up by hash: the secret itself is never compared byte by byte.
      const row = verificationByToken.get(sha256(token), linkUuid) as VerificationRow | undefined;
      if (!row || row.used_at !== null) return { error: 'unknown' };
      if (row.expires_at <= now) return { error: 'expired' };
      markUsed.run(now, row.id);
      return { verification: verificationFromRow({ ...row, used_at: now }) };
    },
    verification(id) {
      const row = verificationById.get(id) as VerificationRow | undefined;
      return row ? verificationFromRow(row) : null;
    },
    checkCode(id, code, now, { maxAttempts, lockMs }) {
      const row = verificationById.get(id) as VerificationRow | undefined;
      if (!row || row.expires_at <= now) return { ok: false, reason: 'expired' };
      if (row.locked_until !== null && row.locked_until > now) {
        return { ok: false, reason: 'locked', until: row.locked_until };
      }
      const failedSoFar = row.locked_until !== null ? 0 : row.failed_attempts;
      const presented = /^\d{6}$/.test(code) ? code : '';
      if (timingSafeEqual(codeHash(row.code_salt, presented), row.code_hash)) return { ok: true };
      const failed = failedSoFar + 1;
      if (failed >= maxAttempts) {
        recordFailure.run(failed, now + lockMs, id);
        return { ok: false, reason: 'locked', until: now + lockMs };
      }
      recordFailure.run(failed, null, id);
      return { ok: false, reason: 'wrong', attemptsLeft: maxAttempts - failed };
    },
    createSession(s, now, ttlMs) {
      purge.run(now);
      const value = newSecret();
      insertSession.run(
        sha256(value),
        s.linkUuid,
        s.kind,
        s.email,
        s.userId,
        s.pendingVerificationId,
        now,
        now + ttlMs,
      );
      return value;
    },
    session(linkUuid, cookieValue, now) {
      const row = sessionById.get(sha256(cookieValue), linkUuid, now) as SessionRow | undefined;
      if (!row) return null;
      return {
        linkUuid: row.link_uuid,
        kind: row.kind,
        email: row.email,
        userId: row.user_id,
        pendingVerificationId: row.pending_verification_id,
        expiresAt: row.expires_at,
      };
    },
    completeCode(linkUuid, cookieValue) {
      clearPending.run(sha256(cookieValue), linkUuid);
    },
  };
}
