import type { DomainHandlers } from '../ipc-handlers';
import type { HistoryService } from './history-service';

export function historyHandlers(history: HistoryService): DomainHandlers<'history'> {
  return { 'history.get': ({ assetId, start, end }) => history.get(assetId, start, end) };
}
