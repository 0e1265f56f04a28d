import type { DomainHandlers } from '../ipc-handlers';
import type { TrackerCommands } from './tracker-commands';

export function trackerHandlers(trackers: TrackerCommands): DomainHandlers<'trackers'> {
  return {
    'trackers.reset': ({ trackerId, mode }) => trackers.reset(trackerId, mode),
    'trackers.setBle': ({ trackerId, enabled }) => trackers.setBle(trackerId, enabled),
    'trackers.commands': ({ trackerId }) => trackers.history(trackerId),
  };
}
