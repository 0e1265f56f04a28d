import type { DomainHandlers } from '../ipc-handlers';
import type { LinkService } from './link-service';

export function linkHandlers(links: LinkService): DomainHandlers<'links'> {
  return {
    'links.create': ({ request }) => links.create(request),
    'links.list': async () => links.list(),
  };
}
