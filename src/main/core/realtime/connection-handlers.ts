import type { DomainHandlers } from '../ipc-handlers';
import type { ConnectionTracker } from './connection-status';

export function connectionHandlers(connection: ConnectionTracker): DomainHandlers<'connection'> {
  return { 'connection.get': async () => connection.get() };
}
