import type { DomainHandlers } from '../ipc-handlers';
import type { DriverList } from './driver-list';

export function driverHandlers(drivers: DriverList): DomainHandlers<'drivers'> {
  return { 'drivers.list': () => drivers.list() };
}
