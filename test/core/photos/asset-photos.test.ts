import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_PHOTO_MAX_BYTES } from '../../../src/shared/interface';
import { createHarness, FIXED_TOKENS, remoteProfileOf, serviceAsDemo } from '../app-core.harness';
import { FOREIGN_ASSET, refusal, startAdminService, type AdminService } from '../records/admin-service';
import { createMemorySecretStore, type SecretStore } from '../../../src/main/core/session/secret-store';

/** A real 1×1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF_HEADER = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
/** JPEG's start-of-image marker, then bytes up to `size`: what the type check reads is the content. */
const jpegOf = (size: number): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);

describe('asset photos through the core, against the local service', { timeout: 90_000 }, () => {
  let s: AdminService;
  let files: string;
  const file = (name: string, bytes: Buffer): string => {
    const path = join(files, name);
    writeFileSync(path, bytes);
    return path;
  };
  beforeAll(async () => {
    s = await startAdminService();
    files = mkdtempSync(join(tmpdir(), 'fleetdesk-photos-'));
  });
  afterAll(async () => {
    await s.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('uploads the photo chosen in the native dialog; another operator’s app then gets the same image', async () => {
    s.operator.shell.imageFile = file('van.png', PNG_1PX);
    const uploaded = await s.operator.call('photos.upload', { assetId: 1 });
    expect(uploaded).toMatchObject({
      assetId: 1,
      contentType: 'image/png',
      size: PNG_1PX.length,
      fromCache: false,
    });
    expect(uploaded?.dataUrl).toBe(`data:image/png;base64,${PNG_1PX.toString('base64')}`);
    // The restricted dispatcher's app has never seen it: it comes from the service.
    const seen = await s.restricted.call('photos.get', { assetId: 1 });
    expect(seen).toMatchObject({ contentType: 'image/png', dataUrl: uploaded?.dataUrl, fromCache: false });
  });

  it('takes the bytes the page sends in the browser shell, up to 5 MiB exactly', async () => {
    const big = jpegOf(ASSET_PHOTO_MAX_BYTES);
    const uploaded = await s.operator.call('photos.upload', {
      assetId: 2,
      file: { name: 'C:\\Users\\op\\truck.jpg', base64: big.toString('base64') },
    });
    expect(uploaded).toMatchObject({ contentType: 'image/jpeg', size: ASSET_PHOTO_MAX_BYTES });
    expect((await s.restricted.call('photos.get', { assetId: 2 }))?.size).toBe(ASSET_PHOTO_MAX_BYTES);
  });

  it('refuses before sending a file over 5 MiB or not a JPEG, PNG or WebP, whatever its name', async () => {
    s.operator.shell.imageFile = file('huge.jpg', jpegOf(ASSET_PHOTO_MAX_BYTES + 1));
    const huge = await refusal(s.operator.call('photos.upload', { assetId: 3 }));
    expect(huge.code).toBe('invalid_request');
    expect(huge.details?.photo?.[0]).toMatch(/5\.0 MiB; the service takes at most 5 MiB/);

    s.operator.shell.imageFile = file('anim.png', GIF_HEADER);
    const gif = await refusal(s.operator.call('photos.upload', { assetId: 3 }));
    expect(gif.details?.photo?.[0]).toMatch(
      /anim\.png is not a JPEG, PNG or WebP image \(it is image\/gif\)/,
    );

    const text = await refusal(
      s.operator.call('photos.upload', {
        assetId: 3,
        file: { name: 'notes.jpg', base64: Buffer.from('just some notes').toString('base64') },
      }),
    );
    expect(text).toMatchObject({
      code: 'invalid_request',
      details: { photo: [expect.stringMatching(/^notes\.jpg is not/)] },
    });
    const tooLong = await refusal(
      s.operator.call('photos.upload', {
        assetId: 3,
        file: { name: 'x.jpg', base64: jpegOf(ASSET_PHOTO_MAX_BYTES + 4).toString('base64') },
      }),
    );
    expect(tooLong).toMatchObject({
      code: 'bad_args',
      details: { 'file.base64': ['A photo may be at most 5 MiB.'] },
    });
    // Nothing reached the service.
    expect(await s.restricted.call('photos.get', { assetId: 3 })).toBeNull();
  });

  it('does nothing when the dialog is cancelled, and explains another asset’s refusal', async () => {
    s.operator.shell.imageFile = null;
    expect(await s.operator.call('photos.upload', { assetId: 5 })).toBeNull();
    expect(await s.operator.call('photos.get', { assetId: 5 })).toBeNull();
    s.restricted.shell.imageFile = file('other.png', PNG_1PX);
    expect((await refusal(s.restricted.call('photos.upload', { assetId: FOREIGN_ASSET }))).code).toBe(
      'forbidden',
    );
    expect((await refusal(s.restricted.call('photos.get', { assetId: FOREIGN_ASSET }))).code).toBe(
      'forbidden',
    );
  });

  it('shows the photo after the app restarts with the service gone', async () => {
    // A Remote profile, whose token the keychain keeps across the restart (the Demo's service is in-process
    // in the app, so it is never gone; a remote one can be).
    const dataDir = mkdtempSync(join(tmpdir(), 'fleetdesk-photo-app-'));
    // As an OS keychain would: the token outlives the app.
    const secretStore: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };
    const first = createHarness({
      dataDir,
      keepDir: true,
      secretStore,
      startDemo: serviceAsDemo(s.service()),
    });
    await first.core.start();
    await first.call('session.signInRemote', {
      profile: remoteProfileOf(s.service()),
      token: FIXED_TOKENS.operator,
    });
    const online = await first.call('photos.get', { assetId: 1 });
    expect(online?.fromCache).toBe(false);
    await first.stop();
    const gone = s.service();
    await s.whileStopped(async () => {
      const again = createHarness({ dataDir, secretStore, startDemo: serviceAsDemo(gone) });
      try {
        await again.core.start();
        expect((await again.call('session.get')).signedIn).toBe(true);
        const offline = await again.call('photos.get', { assetId: 1 });
        expect(offline).toEqual({ ...online, fromCache: true });
        again.shell.imageFile = file('later.png', PNG_1PX);
        expect((await refusal(again.call('photos.upload', { assetId: 1 }))).code).toBe('offline');
      } finally {
        await again.stop();
      }
    });
  });
});
