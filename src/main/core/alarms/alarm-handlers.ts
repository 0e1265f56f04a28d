import { ApiError } from '../api/api-error';
import type { DomainHandlers } from '../ipc-handlers';
import type { AlarmInbox } from './alarm-inbox';
import type { AlarmRuleBook } from './alarm-rule-book';

type AlarmHandlers = DomainHandlers<'alarms'> & DomainHandlers<'geofences'> & DomainHandlers<'alertRules'>;

/** The inbox's, geofences' and alert rules' share of the contract. */
export function alarmHandlers(inbox: AlarmInbox, book: AlarmRuleBook): AlarmHandlers {
  return {
    'alarms.list': async ({ filter }) => inbox.list(filter),
    'alarms.get': async ({ key }) => {
      const alarm = inbox.get(key);
      if (!alarm)
        throw new ApiError({
          kind: 'not_found',
          route: 'alarms',
          message: 'This alarm is not in the inbox.',
        });
      return alarm;
    },
    'alarms.summary': async () => inbox.summary(),
    'alarms.sync': () => inbox.sync(),
    'alarms.acknowledge': ({ keys, comment }) => inbox.acknowledge(keys, comment),

    'geofences.list': async () => book.geofences(),
    'geofences.create': ({ geofence }) => book.createGeofence(geofence),
    'geofences.update': ({ source, id, geofence }) => book.updateGeofence({ source, id }, geofence),
    'geofences.remove': async (ref) => {
      await book.removeGeofence(ref);
      return null;
    },

    'alertRules.list': async () => book.rules(),
    'alertRules.create': ({ rule }) => book.createRule(rule),
    'alertRules.update': ({ source, id, rule }) => book.updateRule({ source, id }, rule),
    'alertRules.remove': async (ref) => {
      await book.removeRule(ref);
      return null;
    },
  };
}
