import type { Settings } from '../../../shared/ipc/views';
import type { DomainHandlers } from '../ipc-handlers';
import type { OfflineCache } from './offline-cache';

export function settingsHandlers(
  cache: Pick<OfflineCache, 'settings' | 'enforceSizeCap'>,
  onChanged: (settings: Settings) => void,
): DomainHandlers<'settings'> {
  return {
    'settings.get': async () => cache.settings.get(),
    'settings.set': async (patch) => {
      const next = cache.settings.set(patch);
      onChanged(next);
      if (patch.cacheSizeMb !== undefined) cache.enforceSizeCap();
      return next;
    },
  };
}
