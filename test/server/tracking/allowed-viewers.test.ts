import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService } from '../../../src/server';
import { trackingLinkSchema, validationErrorBodySchema } from '../../../src/shared/interface';
import type { ViewerSession } from '../../../src/server/tracking/viewer-access-store';
import { gateFor } from '../../../src/server/tracking/viewer-gate';
import { operatorToken, startTrackingService, type TrackingService } from './tracking-fixture';
import { followMail, get, postForm, requestMail } from './tracking-http';

describe('an e-mail tracking link names who may view it', () => {
  let ts: TrackingService;
  beforeAll(async () => {
    ts = await startTrackingService();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  const post = (body: Record<string, unknown>): Promise<Response> =>
    fetch(`${ts.service.api_url}/api/${ts.service.account_key}/public-tracking-link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken(ts)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ asset_id: ts.assetId, ...body }),
    });
  const fieldErrors = async (res: Response): Promise<Record<string, string[]>> => {
    expect(res.status).toBe(400);
    return validationErrorBodySchema.parse(await res.json()).errors;
  };

  it('POST /public-tracking-link requires allowed_viewers for email and email_code, and only for them', async () => {
    for (const access_type of ['email', 'email_code']) {
      expect((await fieldErrors(await post({ access_type }))).allowed_viewers).toEqual([
        'Name who may view this link: e-mail addresses or @domain entries',
      ]);
      expect(await fieldErrors(await post({ access_type, allowed_viewers: [] }))).toHaveProperty(
        'allowed_viewers',
      );
    }
    const bad = await fieldErrors(
      await post({
        access_type: 'email',
        allowed_viewers: ['ok@example.test', 'bob@', '@nodot', 'a b@x.test'],
      }),
    );
    expect(Object.keys(bad).sort()).toEqual(['allowed_viewers.1', 'allowed_viewers.2', 'allowed_viewers.3']);
    expect(bad['allowed_viewers.1']).toEqual([
      '"bob@" is neither an e-mail address (name@example.com) nor a whole domain (@example.com)',
    ]);
    for (const access_type of ['public', 'authorized_only']) {
      expect(
        (await fieldErrors(await post({ access_type, allowed_viewers: ['a@example.test'] }))).allowed_viewers,
      ).toEqual(['Only email and email_code links name their viewers']);
    }

    const created = await post({
      access_type: 'email_code',
      allowed_viewers: [' Ana@Example.TEST ', '@Partner.test'],
    });
    expect(created.status).toBe(201);
    expect(trackingLinkSchema.parse(await created.json()).allowed_viewers).toEqual([
      'ana@example.test',
      '@partner.test',
    ]);
  });

  it('the published OpenAPI body of POST /public-tracking-link has allowed_viewers and says when it is needed', async () => {
    const doc = (await (await fetch(`${ts.service.base_url}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const op = JSON.stringify(doc.paths['/api/{account}/public-tracking-link']?.post);
    expect(op).toContain('"allowed_viewers"');
    expect(op).toContain('email and email_code links require allowed_viewers');
  });

  it('mails only the addresses and domains the link names, and answers everyone alike', async () => {
    const link = ts.link('email', { allowedViewers: ['ana@example.test', '@partner.test'] });
    for (const email of ['Ana@Example.test', 'bob@partner.test']) {
      const mail = await requestMail(ts, link, email);
      const cookie = await followMail(mail);
      expect((await get(`${ts.pageUrl(link)}/state`, cookie)).status).toBe(200);
    }
    for (const email of ['intruder@example.test', 'bob@sub.partner.test', 'partner.test@attacker.example']) {
      const res = await postForm(`${ts.pageUrl(link)}/email`, { email });
      expect(res.status, email).toBe(303);
      expect(res.headers.get('location')).toBe(`/track/${link.uuid}?sent=1`);
      expect(await ts.outbox(email)).toEqual([]);
    }
  });

  it('a session is checked against the names at every request, not only when the mail is sent', () => {
    const link = ts.link('email_code', { allowedViewers: ['@example.test'] });
    const session = (email: string | null, pending: number | null): ViewerSession => ({
      linkUuid: link.uuid,
      kind: 'email',
      email,
      userId: null,
      pendingVerificationId: pending,
      expiresAt: Number.MAX_SAFE_INTEGER,
    });
    expect(gateFor(link, session('viewer@example.test', null))).toEqual({ kind: 'view' });
    expect(gateFor(link, session('viewer@example.test', 7)).kind).toBe('code');
    // A session from before the link named its viewers, or of another address, is back at the e-mail form.
    expect(gateFor(link, session('viewer@elsewhere.example', null))).toEqual({ kind: 'email' });
    expect(gateFor(link, session(null, null))).toEqual({ kind: 'email' });
    expect(gateFor({ ...link, allowedViewers: [] }, session('viewer@example.test', null))).toEqual({
      kind: 'email',
    });
  });
});

describe('e-mail links stored before allowed viewers existed', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-old-links-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('admit nobody until they are made again', async () => {
    const db = new Database(join(dataDir, 'service.sqlite'));
    db.exec(`CREATE TABLE tracking_links (
      id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE, asset_id INTEGER NOT NULL,
      name TEXT NOT NULL, access_type TEXT NOT NULL, expires_at INTEGER, show_eta INTEGER NOT NULL,
      show_history INTEGER NOT NULL, created_by INTEGER NOT NULL, created_at INTEGER NOT NULL)`);
    const uuid = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    db.prepare(
      `INSERT INTO tracking_links (uuid, asset_id, name, access_type, expires_at, show_eta, show_history, created_by, created_at)
       VALUES (?, 1, 'Old link', 'email', NULL, 0, 0, 1, ?)`,
    ).run(uuid, Date.now());
    db.close();

    const service = await startLocalService({
      port: 0,
      fleetSize: 3,
      tickMs: 60_000,
      dataDir,
      devOutbox: true,
    });
    try {
      expect(service.context.trackingLinks.byUuid(uuid)?.allowedViewers).toEqual([]);
      const res = await postForm(`${service.tracking_url}/track/${uuid}/email`, {
        email: 'anyone@example.test',
      });
      expect(res.status).toBe(303);
      const outbox: unknown = await (await fetch(`${service.tracking_url}/dev/outbox`)).json();
      expect(outbox).toEqual({ data: [] });
    } finally {
      await service.stop();
    }
  });
});
