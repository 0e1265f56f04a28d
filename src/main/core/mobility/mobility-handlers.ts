import type { DomainHandlers } from '../ipc-handlers';
import type { MobilityLinks } from './mobility-links';

export function mobilityHandlers(links: MobilityLinks): DomainHandlers<'mobility'> {
  return {
    'mobility.list': () => links.list(),
    'mobility.link': ({ request }) => links.link(request),
  };
}
