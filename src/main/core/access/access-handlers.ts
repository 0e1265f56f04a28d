import type { DomainHandlers } from '../ipc-handlers';
import type { AccessModel } from './access-model';

export function accessHandlers(access: AccessModel): DomainHandlers<'access'> {
  return { 'access.get': () => access.view() };
}
