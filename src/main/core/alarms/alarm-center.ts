import type { Settings } from '../../../shared/ipc/views';
import type { AlarmItemStore } from '../cache/alarm-item-store';
import type { AlarmStore } from '../cache/alarm-store';
import type { SettingsStore } from '../cache/settings-store';
import type { PushSink, ShellServices } from '../ipc-handlers';
import type { LiveFeed } from '../live/live-feed';
import type { AlarmEvent } from '../realtime/alarm-event';
import type { Connection } from '../session/session';
import { createAlarmAttention } from './alarm-attention';
import { alarmHandlers } from './alarm-handlers';
import { createAlarmInbox, type AlarmInbox } from './alarm-inbox';
import { createAlarmRuleBook, type AlarmRuleBook } from './alarm-rule-book';
import { createLocalAlarms } from './local-alarms';

export interface AlarmCenterOptions {
  readonly cache: {
    readonly alarms: AlarmStore;
    readonly alarmItems: AlarmItemStore;
    readonly settings: SettingsStore;
  };
  readonly connection: () => Connection | null;
  readonly live: Pick<LiveFeed, 'subscribe' | 'latest'>;
  readonly shell: Pick<ShellServices, 'notify' | 'setBadgeCount'>;
  readonly push: PushSink;
  assetName(assetId: number): string | null;
  readonly now: () => number;
  readonly log: { warn(message: string): void };
  readonly timing?: {
    readonly summaryDelayMs?: number;
    readonly resyncIntervalMs?: number;
    readonly silenceCheckMs?: number;
  };
}

/**
 * Alarms wired together (docs/architecture.md "Alarms"): the inbox (the one
 * owner of alarms), geofences and rules, the local evaluation that runs only
 * against a service without the alarm feed, and attention. app-core.ts hands
 * it the session, the live feed and the shell, and calls `sync` after every
 * (re)connect of the account channel.
 */
export interface AlarmCenter {
  readonly inbox: AlarmInbox;
  readonly book: AlarmRuleBook;
  readonly handlers: ReturnType<typeof alarmHandlers>;
  onEvent(event: AlarmEvent): void;
  /** The catch-up after a (re)connect, then the service's geofences and rules again. */
  sync(): Promise<void>;
  sessionChanged(): void;
  stop(): void;
}

export function createAlarmCenter(o: AlarmCenterOptions): AlarmCenter {
  const settings = (): Settings => o.cache.settings.get();
  const inbox = createAlarmInbox({
    store: o.cache.alarms,
    state: o.cache.settings,
    connection: o.connection,
    now: o.now,
    log: o.log,
    summaryDelayMs: o.timing?.summaryDelayMs,
    resyncIntervalMs: o.timing?.resyncIntervalMs,
  });
  const book = createAlarmRuleBook({ items: o.cache.alarmItems, inbox });
  const local = createLocalAlarms({
    live: o.live,
    rules: book,
    settings,
    assetName: o.assetName,
    raise: (alarms) => inbox.addLocal(alarms),
    checkIntervalMs: o.timing?.silenceCheckMs,
  });
  const attention = createAlarmAttention({ shell: o.shell, settings, now: o.now });

  const refreshBook = (): void => {
    book
      .refresh()
      .catch((err: unknown) => o.log.warn(`Geofences and alert rules not refreshed: ${String(err)}`));
  };
  inbox.subscribe({
    raised(alarms, origin, history) {
      o.push('alarms.raised', { alarms, origin, history });
      attention.raised(alarms, origin, history);
    },
    updated: (alarms) => o.push('alarms.updated', { alarms }),
    summary(s) {
      o.push('alarms.changed', s);
      attention.unacknowledged(s.unacknowledged);
    },
    modeChanged(mode) {
      if (mode === 'local') local.start();
      else local.stop();
      book.changed();
      if (mode === 'service') refreshBook();
    },
  });
  book.subscribe({
    geofences: (all) => o.push('geofences.changed', all),
    rules: (all) => o.push('alertRules.changed', all),
  });

  return {
    inbox,
    book,
    handlers: alarmHandlers(inbox, book),
    onEvent: (e) => inbox.onEvent(e),
    async sync() {
      await inbox.sync();
      if (inbox.mode() === 'service') await book.refresh();
    },
    sessionChanged: () => inbox.sessionChanged(),
    stop() {
      local.stop();
      inbox.stop();
    },
  };
}
