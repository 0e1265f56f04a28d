import { notImplemented } from '../core-error';
import type { DomainHandlers } from '../ipc-handlers';

export function trackerHandlers(): DomainHandlers<'trackers'> {
  return {
    'trackers.reset': () => notImplemented('trackers.reset'),
    'trackers.setBle': () => notImplemented('trackers.setBle'),
    'trackers.commands': () => notImplemented('trackers.commands'),
  };
}
