import type { TrackingLink, TrackingLinkRequestInput } from '../../../shared/interface';
import { ApiError } from '../api/api-error';
import type { FleetApi } from '../api/fleet-api';
import type { TrackingLinkStore } from '../cache/tracking-link-store';

export interface LinkServiceOptions {
  readonly store: TrackingLinkStore;
  readonly api: () => FleetApi | null;
  onChanged(links: TrackingLink[]): void;
}

/**
 * docs/architecture.md §3: tracking links (spec 2.10, every access type). The spec has no
 * list endpoint, so the app remembers the links it created.
 */
export interface LinkService {
  create(request: TrackingLinkRequestInput): Promise<TrackingLink>;
  list(): TrackingLink[];
}

export function createLinkService(options: LinkServiceOptions): LinkService {
  return {
    async create(request) {
      const api = options.api();
      if (!api)
        throw new ApiError({
          kind: 'unauthorized',
          route: 'POST /public-tracking-link',
          message: 'Not signed in.',
        });
      const link = await api.createTrackingLink(request);
      options.store.add(link, request.asset_id);
      const all = options.store.list();
      options.onChanged(all);
      return link;
    },
    list: () => options.store.list(),
  };
}
