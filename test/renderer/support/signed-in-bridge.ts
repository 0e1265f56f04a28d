import {
  EMPTY_ALARM_SUMMARY,
  type ConnectionStatus,
  type Location,
  type Notice,
  type Settings,
} from '../../../src/shared/ipc';
import { FakeBridge } from './fake-bridge';
import { withFleetRecords } from './fleet-records-bridge';
import { DEMO_SESSION, onlineStatus, SIGNED_OUT, simFleet, TEST_SETTINGS, type SimFleet } from './sim-fleet';

/**
 * A tile address nothing answers (Chromium refuses port 9 outright), for pages
 * that must not wait on, or be changed by, the network.
 */
export const NO_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/** How long the offline variant has been offline: long enough for the status bar to say so in minutes. */
const OFFLINE_FOR_MS = 7 * 60_000;

export interface SignedInBridgeOptions {
  /** What fleet.snapshot and fleet.location answer from; ten simulated assets unless given. */
  readonly fleet?: SimFleet;
  /** The clock the status and the snapshot are stamped with. */
  readonly now?: number;
  /** Over TEST_SETTINGS; settings.set changes them from there on. */
  readonly settings?: Partial<Settings>;
  /** The service unreachable for seven minutes, both channels down, the fleet from the cache. */
  readonly offline?: boolean;
  /** Over the online (or offline) status, e.g. one channel down for a given reason. */
  readonly connection?: Partial<ConnectionStatus>;
  readonly notices?: readonly Notice[];
  /** Nobody signed in yet: the connect screen, where the demo signs in. */
  readonly signedOut?: boolean;
}

export function offlineStatus(now: number): ConnectionStatus {
  return {
    service: 'offline',
    lastOnlineAt: now - OFFLINE_FOR_MS,
    live: { state: 'unavailable', reason: 'The live channel cannot reach the service; retrying', since: now },
    reports: { state: 'unavailable', reason: 'The reports channel cannot reach the service', since: now },
    feed: {
      state: 'down',
      since: now - OFFLINE_FOR_MS,
      reason: 'The service cannot be reached: the map shows where each vehicle was last seen.',
      lastLiveAt: now - OFFLINE_FOR_MS,
    },
  };
}

/**
 * window.fleetdesk as main answers it for an operator signed in to the demo:
 * the session, connection, settings, notices and fleet, and empty report and
 * link lists. Browser-safe (no vitest, no Node), so the Chromium harness pages
 * and the happy-dom tests share it; each handles its own screen's methods on
 * top, or answers one method differently by handling it again.
 */
export function signedInBridge(options: SignedInBridgeOptions = {}): FakeBridge {
  const now = options.now ?? Date.now();
  const fleet = options.fleet ?? simFleet(10);
  const offline = options.offline ?? false;
  let settings: Settings = { ...TEST_SETTINGS, ...options.settings };
  let notices: Notice[] = [...(options.notices ?? [])];
  const bridge = new FakeBridge();
  withFleetRecords(bridge, { fleet, now, offline });
  return (
    bridge
      .handle('session.get', options.signedOut ? SIGNED_OUT : DEMO_SESSION)
      .handle('session.signInDemo', DEMO_SESSION)
      .handle('session.signOut', SIGNED_OUT)
      .handle('connection.get', {
        ...(offline ? offlineStatus(now) : onlineStatus(now)),
        ...options.connection,
      })
      .handle('settings.get', () => settings)
      .handle('settings.set', (patch) => {
        settings = { ...settings, ...patch };
        const next = settings;
        // Main pushes the new settings to every window besides answering the one that asked.
        setTimeout(() => bridge.emit('settings.changed', next), 0);
        return next;
      })
      .handle('notices.list', () => notices)
      .handle('notices.dismiss', (args) => {
        notices = notices.filter((n) => n.id !== args?.id);
        return null;
      })
      .handle('app.ready', null)
      .handle('app.liveTaken', null)
      .handle('app.info', { version: '0.0.0', platform: 'linux', shell: 'browser' })
      .handle('reports.list', [])
      .handle('links.list', [])
      // An empty inbox against a service with the alarm feed; alarm screens handle these again with their alarms.
      .handle('alarms.list', { alarms: [], total: 0 })
      .handle('alarms.summary', { ...EMPTY_ALARM_SUMMARY, mode: 'service', lastSyncedAt: now })
      .handle('geofences.list', [])
      .handle('alertRules.list', [])
      .handle('fleet.snapshot', () => ({
        assets: fleet.assets,
        positions: fleet.positions,
        fetchedAt: now,
        fromCache: offline,
      }))
      .handle('fleet.location', (args): Location => {
        const p = fleet.positions.find((x) => x.assetId === args?.assetId) ?? fleet.positions[0];
        if (!p) throw new Error('fake bridge: the fleet is empty');
        return {
          latitude: p.lat,
          longitude: p.lon,
          altitude: 4,
          speed: p.speed,
          heading: p.course,
          timestamp: new Date(p.t).toISOString(),
          ignition: p.ignition,
          odometer: 182_344.6,
          satellites: 11,
        };
      })
  );
}
