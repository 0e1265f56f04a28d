import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppInfo, AssetPhotoView } from '../../../shared/ipc';
import { call, subscribe } from '../api';
import { thumbnailOf } from '../features/assets/photo-thumbnail';

/** Photos read at once for the list's thumbnails: a fast scroll must not fire a hundred reads. */
const PARALLEL_READS = 3;
/** Whole photos kept for the panel (up to 5 MiB each): the last few assets opened. */
const FULL_KEPT = 6;

/**
 * Asset photos (spec 4.3 asset/{id}/photo) as main serves them: from the
 * service, or from main's cache with its age when offline. The list shows
 * small thumbnails made once per photo; the panel the whole photo.
 */
export const usePhotos = defineStore('photos', () => {
  /** Whole photos by asset; null: the asset has none. */
  const full = shallowRef<ReadonlyMap<number, AssetPhotoView | null>>(new Map());
  /** Thumbnails by asset (a data: address); null: no photo. */
  const thumbs = shallowRef<ReadonlyMap<number, string | null>>(new Map());
  const shell = ref<AppInfo['shell'] | null>(null);
  const queue: number[] = [];
  const reading = new Set<number>();
  let off: (() => void) | null = null;

  const keep = (assetId: number, view: AssetPhotoView | null): void => {
    const next = new Map(full.value);
    next.delete(assetId);
    next.set(assetId, view);
    while (next.size > FULL_KEPT) next.delete(next.keys().next().value!);
    full.value = next;
  };
  const setThumb = async (assetId: number, view: AssetPhotoView | null): Promise<void> => {
    const thumb = view ? await thumbnailOf(view.dataUrl) : null;
    thumbs.value = new Map(thumbs.value).set(assetId, thumb);
  };

  const pump = (): void => {
    while (reading.size < PARALLEL_READS && queue.length > 0) {
      const assetId = queue.shift()!;
      reading.add(assetId);
      void call('photos.get', { assetId })
        .then((view) => setThumb(assetId, view))
        .catch(() => undefined) // no thumbnail is better than a row that cannot draw
        .finally(() => {
          reading.delete(assetId);
          pump();
        });
    }
  };

  function listen(): void {
    off ??= subscribe('records.changed', ({ family, assetId }) => {
      if (family !== 'photos') return;
      if (assetId === undefined) {
        thumbs.value = new Map();
        full.value = new Map();
        return;
      }
      if (full.value.has(assetId)) void load(assetId);
      else if (thumbs.value.has(assetId)) {
        const next = new Map(thumbs.value);
        next.delete(assetId);
        thumbs.value = next;
      }
    });
  }

  async function load(assetId: number): Promise<AssetPhotoView | null> {
    listen();
    const view = await call('photos.get', { assetId });
    keep(assetId, view);
    await setThumb(assetId, view);
    return view;
  }

  return {
    full,
    thumbs,
    shell,
    /** The whole photo, for the panel. */
    load,
    /** The list row's thumbnail, read once (a few at a time) unless a change drops it. */
    wantThumb(assetId: number): void {
      listen();
      if (thumbs.value.has(assetId) || reading.has(assetId) || queue.includes(assetId)) return;
      queue.push(assetId);
      pump();
    },
    /** Which shell the page runs in: Electron's main opens the native file dialog, the browser's page picks. */
    async loadShell(): Promise<AppInfo['shell']> {
      shell.value ??= (await call('app.info')).shell;
      return shell.value;
    },
    /** Without `file`, main's native dialog; null when the operator cancels it. */
    async upload(assetId: number, file?: { name: string; base64: string }): Promise<AssetPhotoView | null> {
      listen();
      const view = await call('photos.upload', file ? { assetId, file } : { assetId });
      if (view) {
        keep(assetId, view);
        await setThumb(assetId, view);
      }
      return view;
    },
  };
});
