import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineCache } from '../../../src/main/core/cache/offline-cache';
import { ownerCachePath, splitLegacyCache } from '../../../src/main/core/cache/profile-cache-files';

describe('the one cache file of earlier versions, split per data owner', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleetdesk-split-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const legacy = (profile: unknown): void => {
    const cache = openOfflineCache(join(dir, 'cache.sqlite'));
    cache.settings.set({ cacheSizeMb: 777 });
    if (profile !== undefined) cache.settings.setValue('session.profile', profile);
    cache.close();
  };

  it('does nothing on a first run', () => {
    splitLegacyCache(dir, () => 'nobody', Date.now);
    expect(existsSync(join(dir, 'cache.sqlite'))).toBe(false);
  });

  it("gives the file to its profile's owner once, and the settings to a new app file", () => {
    legacy({ kind: 'demo', name: 'Demo' });
    let asked = 0;
    const owner = (): string => (asked++, 'demo');
    splitLegacyCache(dir, owner, Date.now);
    expect(existsSync(ownerCachePath(dir, 'demo'))).toBe(true);
    const app = openOfflineCache(join(dir, 'cache.sqlite'));
    expect(app.settings.get().cacheSizeMb).toBe(777);
    expect(app.settings.getValue('session.profile')).toEqual({ kind: 'demo', name: 'Demo' });
    app.close();
    const moved = openOfflineCache(ownerCachePath(dir, 'demo'));
    // The owner's file keeps data only: settings are the app's.
    expect(moved.settings.getValue('session.profile')).toBeUndefined();
    moved.close();
    splitLegacyCache(dir, owner, Date.now);
    expect(asked).toBe(1);
  });

  it('keeps a file whose profile names nobody where it is, marked as split', () => {
    legacy(undefined);
    splitLegacyCache(dir, () => null, Date.now);
    expect(existsSync(join(dir, 'profiles'))).toBe(false);
    let asked = false;
    splitLegacyCache(dir, () => ((asked = true), 'demo'), Date.now);
    expect(asked).toBe(false);
  });

  it('finishes a split a crash interrupted after the old file had moved', () => {
    const fresh = openOfflineCache(join(dir, 'cache.sqlite.new'));
    fresh.settings.set({ cacheSizeMb: 321 });
    fresh.close();
    splitLegacyCache(dir, () => 'demo', Date.now);
    expect(existsSync(join(dir, 'cache.sqlite.new'))).toBe(false);
    const app = openOfflineCache(join(dir, 'cache.sqlite'));
    expect(app.settings.get().cacheSizeMb).toBe(321);
    app.close();
  });

  it('drops a leftover new file when the old one is still in place, and splits again', () => {
    legacy({ kind: 'demo', name: 'Demo' });
    writeFileSync(join(dir, 'cache.sqlite.new'), 'half written');
    splitLegacyCache(dir, () => 'demo', Date.now);
    expect(existsSync(ownerCachePath(dir, 'demo'))).toBe(true);
    const app = openOfflineCache(join(dir, 'cache.sqlite'));
    expect(app.settings.get().cacheSizeMb).toBe(777);
    app.close();
  });
});
