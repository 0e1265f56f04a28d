import { ApiError } from '../api/api-error';
import type { DomainHandlers } from '../ipc-handlers';

type AlarmHandlers = DomainHandlers<'alarms'> & DomainHandlers<'geofences'> & DomainHandlers<'alertRules'>;

const notYet = async (): Promise<never> => {
  throw new ApiError({
    kind: 'unavailable',
    route: 'alarms',
    message: 'The alarm inbox is not available yet.',
  });
};

/** The inbox's, geofences' and alert rules' share of the contract. */
export function alarmHandlers(): AlarmHandlers {
  return {
    'alarms.list': notYet,
    'alarms.get': notYet,
    'alarms.summary': notYet,
    'alarms.sync': notYet,
    'alarms.acknowledge': notYet,
    'geofences.list': notYet,
    'geofences.create': notYet,
    'geofences.update': notYet,
    'geofences.remove': notYet,
    'alertRules.list': notYet,
    'alertRules.create': notYet,
    'alertRules.update': notYet,
    'alertRules.remove': notYet,
  };
}
