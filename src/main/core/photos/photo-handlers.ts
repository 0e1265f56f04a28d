import type { DomainHandlers } from '../ipc-handlers';
import type { AssetPhotos } from './asset-photos';

export function photoHandlers(photos: AssetPhotos): DomainHandlers<'photos'> {
  return {
    'photos.upload': ({ assetId, file }) => photos.upload(assetId, file),
    'photos.get': ({ assetId }) => photos.get(assetId),
  };
}
