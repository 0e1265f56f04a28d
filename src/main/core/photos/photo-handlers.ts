import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function photoHandlers(): DomainHandlers<'photos'> {
  return {
    'photos.upload': () => notImplemented('photos.upload'),
    'photos.get': () => notImplemented('photos.get'),
  };
}
