import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import AssetPhoto from '../../../src/renderer/src/features/assets/AssetPhoto.vue';
import type { AssetPhotoView, IpcArgs } from '../../../src/shared/ipc';
import { useConnection } from '../../../src/renderer/src/stores/connection';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { offlineStatus } from '../support/signed-in-bridge';

const MIB = 1024 * 1024;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const png = (size = 64): File => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], 'van.png', { type: 'image/png' });
};
const view = (over: Partial<AssetPhotoView> = {}): AssetPhotoView => ({
  assetId: 3,
  contentType: 'image/png',
  size: 64,
  dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  fetchedAt: Date.now(),
  fromCache: false,
  ...over,
});

let current: VueWrapper | null = null;
afterEach(() => {
  current?.unmount();
  current = null;
});

function bridgeFor(shell: 'browser' | 'electron'): FakeBridge {
  return new FakeBridge()
    .handle('app.info', { version: '0.0.0', platform: 'linux', shell })
    .handle('photos.get', null)
    .handle('photos.upload', (a) => (a?.file || shell === 'electron' ? view() : null));
}

async function mountPhoto(bridge: FakeBridge): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(AssetPhoto, bridge, { assetId: 3, assetName: 'Van 0003' });
  current = wrapper;
  await settle();
  return wrapper;
}

/** What the operator picks in the browser's file chooser. */
async function pick(w: VueWrapper, file: File): Promise<void> {
  const input = w.get('[data-testid="photo-input"]').element as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
  for (let i = 0; i < 4; i++) await settle();
}

const uploads = (bridge: FakeBridge) => bridge.callsOf('photos.upload') as IpcArgs<'photos.upload'>[];

describe('an asset’s photo in its panel', () => {
  it('says when there is none, and in the browser shell uploads the file the page picked', async () => {
    const bridge = bridgeFor('browser');
    const w = await mountPhoto(bridge);
    expect(w.text()).toContain('No photo');
    expect(w.get('[data-action="photo"]').text()).toBe('Add photo…');
    expect(w.get('[data-testid="photo-input"]').attributes('accept')).toBe('image/jpeg,image/png,image/webp');
    await pick(w, png());
    expect(uploads(bridge)).toHaveLength(1);
    const sent = uploads(bridge)[0]!;
    expect(sent.assetId).toBe(3);
    expect(sent.file?.name).toBe('van.png');
    expect(Uint8Array.from(atob(sent.file!.base64), (c) => c.charCodeAt(0)).subarray(0, 8)).toEqual(
      Uint8Array.from(PNG_HEAD.slice(0, 8)),
    );
    expect(w.get('img').attributes('alt')).toBe('Photo of Van 0003');
    expect(w.get('img').attributes('src')).toBe(view().dataUrl);
    expect(w.get('[role="status"]').text()).toBe('Photo uploaded.');
    expect(w.get('[data-action="photo"]').text()).toBe('Change photo…');
  });

  it('refuses a file over 5 MiB or of another type before reading it whole, and sends nothing', async () => {
    const bridge = bridgeFor('browser');
    const w = await mountPhoto(bridge);
    await pick(w, png(5 * MIB + 1));
    expect(w.get('[role="alert"]').text()).toBe(
      'van.png is 5.1 MiB; a photo may be at most 5 MiB. Choose a smaller file or export it at a lower resolution.',
    );
    await pick(w, new File([new TextEncoder().encode('GIF89a......')], 'van.jpg', { type: 'image/jpeg' }));
    expect(w.get('[role="alert"]').text()).toMatch(
      /^van\.jpg is not a JPEG, PNG or WebP image \(it is image\/gif\)/,
    );
    expect(uploads(bridge)).toEqual([]);
  });

  it('in Electron lets main open the native file dialog, and says nothing when it is cancelled', async () => {
    const bridge = bridgeFor('electron');
    const w = await mountPhoto(bridge);
    await w.get('[data-action="photo"]').trigger('click');
    for (let i = 0; i < 3; i++) await settle();
    expect(uploads(bridge)).toEqual([{ assetId: 3 }]);
    expect(w.get('img').attributes('src')).toBe(view().dataUrl);

    bridge.handle('photos.upload', null);
    await w.get('[data-action="photo"]').trigger('click');
    for (let i = 0; i < 3; i++) await settle();
    expect(uploads(bridge)).toHaveLength(2);
    expect(w.find('[role="alert"]').exists()).toBe(false);
  });

  it('shows the cached photo offline with its age, and a refused upload in main’s words', async () => {
    const offline =
      'The service cannot be reached, so nothing was changed. Changes are never kept to be sent later: try again when the service is back.';
    const bridge = bridgeFor('browser')
      .handle('photos.get', view({ fromCache: true, fetchedAt: Date.now() - 3 * 3_600_000 }))
      .fail('photos.upload', { code: 'offline', message: offline });
    const w = await mountPhoto(bridge);
    expect(w.get('img').attributes('src')).toBe(view().dataUrl);
    // From main's cache is not yet offline: main also answers so a photo it read under a minute ago.
    expect(w.find('[data-testid="photo-age"]').exists()).toBe(false);
    useConnection().status = offlineStatus(Date.now());
    await settle();
    expect(w.get('[data-testid="photo-age"]').text()).toBe('Offline — the photo as read 3 h ago');
    await pick(w, png());
    expect(w.get('[role="alert"]').text()).toBe(`Photo not uploaded: ${offline}`);
    expect(w.get('img').attributes('src')).toBe(view().dataUrl);
  });
});
