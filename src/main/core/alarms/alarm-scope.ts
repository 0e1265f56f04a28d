import type { Connection } from '../session/session';

/**
 * Which inbox a connection's alarms belong to: one per service, account and
 * user (a restricted user sees fewer alarms than the operator next to them,
 * and an inbox must never show what another user's connection brought in).
 * The Demo profile's local service is one service whatever port it is on.
 */
export function alarmScopeOf(c: Pick<Connection, 'profile' | 'endpoints'>): string {
  const { endpoints: e } = c;
  const service = c.profile.kind === 'demo' ? 'demo' : e.api_url.replace(/\/+$/, '');
  return `${service}#${e.account_key}#${e.user_id}`;
}
