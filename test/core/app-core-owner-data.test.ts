import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineCache } from '../../src/main/core/cache/offline-cache';
import { dataOwnerOf } from '../../src/main/core/session/data-owner';
import { endpointsOfRemote } from '../../src/main/core/session/service-endpoints';
import { createMemorySecretStore, type SecretStore } from '../../src/main/core/session/secret-store';
import { startLocalService, type LocalService } from '../../src/server';
import type { TrackingLink, TrackingLinkRequestInput } from '../../src/shared/interface';
import type { LocalReport } from '../../src/shared/ipc/views';
import {
  createHarness,
  FIXED_TOKENS,
  remoteProfileOf,
  serviceAsDemo,
  yesterday,
  type Harness,
} from './app-core.harness';
import { operatorBrowser } from './session/oauth/operator-browser';

const linkRequest = (assetId: number, name: string): TrackingLinkRequestInput => ({
  asset_id: assetId,
  name,
  access_type: 'public',
  show_eta: false,
  show_history: false,
  allowed_viewers: [],
});

const rowsOf = (path: string, table: 'reports' | 'tracking_links'): number => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
  } finally {
    db.close();
  }
};

describe("each account's own local data", { timeout: 120_000 }, () => {
  let demo: LocalService;
  let other: LocalService;
  beforeAll(async () => {
    demo = await startLocalService({
      port: 0,
      fleetSize: 6,
      tickMs: 1000,
      tokens: FIXED_TOKENS,
      reportWorkers: 1,
    });
    other = await startLocalService({ port: 0, fleetSize: 4, tickMs: 1000, reportWorkers: 1 });
  });
  afterAll(async () => {
    await demo.stop();
    await other.stop();
  });

  describe('moving between the Demo and another service', () => {
    let h: Harness;
    const browser = (): ReturnType<typeof operatorBrowser> => operatorBrowser(other.users[0]!);
    beforeAll(async () => {
      const operator = browser();
      h = createHarness({
        startDemo: serviceAsDemo(demo),
        browser: (url) => operator.open(url),
        keepDir: false,
      });
      await h.core.start();
    });
    afterAll(async () => {
      await h.stop();
    });

    it("shows none of the Demo's reports and links on the other service, and all of them again back on the Demo", async () => {
      const demoAsset = (await h.call('fleet.refresh')).assets[0]!.id;
      const demoLink = await h.call('links.create', { request: linkRequest(demoAsset, 'Demo customer') });
      const day = yesterday();
      const demoReport = await h.call('reports.submit', {
        request: { type: 'trip', format: 'json', asset_id: demoAsset, date_from: day, date_to: day },
      });
      await h.waitForPush(
        'reports.changed',
        (r) => r.localId === demoReport.localId && r.state === 'completed',
        60_000,
      );

      const mark = h.pushes.length;
      const view = await h.call('session.signInWithBrowser', { address: other.base_url });
      expect(view).toMatchObject({ signedIn: true, profile: { kind: 'oauth', address: other.base_url } });
      // Told at once: the lists the renderer holds are the other account's now.
      expect(await h.waitForPush('links.changed', undefined, 5000, mark)).toEqual([]);
      expect(await h.call('reports.list')).toEqual([]);
      expect(await h.call('links.list')).toEqual([]);
      const snap = await h.call('fleet.refresh');
      expect(snap.assets).toHaveLength(4);
      const otherLink = await h.call('links.create', {
        request: linkRequest(snap.assets[0]!.id, 'Other customer'),
      });
      expect(otherLink.public_url.startsWith(other.tracking_url)).toBe(true);

      await h.call('session.signInDemo');
      expect((await h.call('reports.list')).map((r) => r.localId)).toEqual([demoReport.localId]);
      expect((await h.call('links.list')).map((l) => l.id)).toEqual([demoLink.id]);
      expect((await h.call('fleet.snapshot')).assets).toHaveLength(6);
      expect((await h.call('reports.data', { localId: demoReport.localId })).type).toBe('trip');

      await h.call('session.signInWithBrowser', { address: other.base_url });
      expect((await h.call('links.list')).map((l) => l.id)).toEqual([otherLink.id]);
      expect(await h.call('reports.list')).toEqual([]);

      const files = readdirSync(join(h.dataDir, 'profiles')).filter((f) => f.endsWith('.sqlite'));
      expect(files).toContain('demo.sqlite');
      expect(files).toHaveLength(2);
    });
  });

  it('moves the data of the one cache file of earlier versions to the profile it belonged to, keeping the settings', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-legacy-'));
    const profile = remoteProfileOf(demo, 'Head office');
    const owner = dataOwnerOf(profile, endpointsOfRemote(profile));
    // An earlier Fleetdesk's cache: settings, the last profile, and that profile's report and link.
    const legacy = openOfflineCache(join(dataDir, 'cache.sqlite'));
    legacy.settings.set({ theme: 'dark' });
    legacy.settings.setValue('session.profile', profile);
    const assetId = 1;
    const uuid = 'b3a5c0de-0000-4000-8000-000000000001';
    const link: TrackingLink = {
      id: 7001,
      uuid,
      name: 'Kept across the update',
      asset_id: assetId,
      access_type: 'public',
      public_url: `${demo.tracking_url}/track/${uuid}`,
      expires_at: null,
      show_history: false,
      show_eta: false,
      allowed_viewers: [],
    };
    legacy.links.add(link, assetId);
    const report: LocalReport = {
      localId: 'legacy-report-1',
      reportId: null,
      request: {
        type: 'trip',
        format: 'json',
        asset_id: assetId,
        date_from: yesterday(),
        date_to: yesterday(),
      },
      title: 'Trips, kept across the update',
      state: 'failed',
      queuePosition: null,
      progress: 0,
      errorMessage: 'From before the update.',
      retryAt: null,
      createdAt: Date.now() - 60_000,
      completedAt: null,
      servedFromCache: false,
      file: null,
    };
    legacy.reports.save(report);
    legacy.close();

    const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };
    await keychain.set('session.token', FIXED_TOKENS.operator);
    const h = createHarness({ dataDir, startDemo: serviceAsDemo(demo), secretStore: keychain });
    try {
      await h.core.start();
      expect(await h.call('session.get')).toMatchObject({
        signedIn: true,
        profile: { kind: 'remote', name: 'Head office' },
      });
      expect((await h.call('links.list')).map((l) => l.name)).toEqual(['Kept across the update']);
      expect((await h.call('reports.list')).map((r) => r.title)).toEqual(['Trips, kept across the update']);
      expect((await h.call('settings.get')).theme).toBe('dark');
      const moved = join(dataDir, 'profiles', `${owner}.sqlite`);
      expect(existsSync(moved)).toBe(true);
      expect(rowsOf(join(dataDir, 'cache.sqlite'), 'tracking_links')).toBe(0);
      expect(rowsOf(join(dataDir, 'cache.sqlite'), 'reports')).toBe(0);

      // The Demo, another account, starts empty.
      await h.call('session.signInDemo');
      expect(await h.call('links.list')).toEqual([]);
      expect(await h.call('reports.list')).toEqual([]);
    } finally {
      await h.stop();
    }
  });

  it('names the data of each service, account and user apart, and a token or a browser sign-in as the same user alike', () => {
    const remote = remoteProfileOf(demo, 'By token');
    const byToken = dataOwnerOf(remote, endpointsOfRemote(remote));
    const byBrowser = dataOwnerOf(
      { kind: 'oauth', name: 'By browser', address: demo.base_url },
      { base_url: demo.base_url, account_key: demo.account_key, user_id: 1 },
    );
    expect(byBrowser).toBe(byToken);
    const sam = dataOwnerOf(remote, { ...endpointsOfRemote(remote), user_id: 2 });
    const elsewhere = dataOwnerOf(remote, { ...endpointsOfRemote(remote), base_url: other.base_url });
    expect(new Set([byToken, sam, elsewhere]).size).toBe(3);
    for (const name of [byToken, sam, elsewhere]) expect(name).toMatch(/^[a-z0-9.-]+$/);
    expect(dataOwnerOf({ kind: 'demo', name: 'Demo' }, endpointsOfRemote(remote))).toBe('demo');
  });
});
