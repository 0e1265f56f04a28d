import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from '../../src/renderer/src/App.vue';
import '../../src/renderer/src/styles/theme.css';
import '../../src/renderer/src/styles/shell.css';
import { setBridge } from '../../src/renderer/src/api';
import type { ConnectionStatus, Location, Notice, Settings } from '../../src/shared/ipc';
import { FakeBridge } from '../../test/renderer/support/fake-bridge';
import {
  DEMO_SESSION,
  onlineStatus,
  SIGNED_OUT,
  simFleet,
  TEST_SETTINGS,
} from '../../test/renderer/support/sim-fleet';

/**
 * The real renderer (App.vue) on a fake bridge feeding a simulated fleet, for
 * screenshots in Chromium. Query: signedIn=0, count=N, theme=dark|light,
 * offline=1, notice=1, select=<assetId>.
 */
const q = new URLSearchParams(location.search);
const count = Number(q.get('count') ?? 600);
const theme: Settings['theme'] = q.get('theme') === 'light' ? 'light' : 'dark';
const offline = q.get('offline') === '1';
const fleet = simFleet(count);
const bridge = new FakeBridge();
const now = Date.now();
let t = now;

const status: ConnectionStatus = offline
  ? {
      service: 'offline',
      lastOnlineAt: now - 7 * 60_000,
      live: {
        state: 'unavailable',
        reason: 'The live channel cannot reach the service; retrying',
        since: now,
      },
      reports: { state: 'unavailable', reason: 'The reports channel cannot reach the service', since: now },
    }
  : onlineStatus(now);
const notices: Notice[] =
  q.get('notice') === '1'
    ? [
        {
          id: 'dep-1',
          kind: 'deprecation',
          message:
            'The service marked GET /asset as deprecated (sunset 2027-03-01); a later update will switch over.',
          at: now,
        },
      ]
    : [];

bridge
  .handle('session.get', q.get('signedIn') === '0' ? SIGNED_OUT : DEMO_SESSION)
  .handle('session.signInDemo', DEMO_SESSION)
  .handle('session.signOut', SIGNED_OUT)
  .handle('connection.get', status)
  .handle('settings.get', { ...TEST_SETTINGS, theme })
  .handle('settings.set', (patch) => {
    const next: Settings = { ...TEST_SETTINGS, theme: patch?.theme ?? theme };
    setTimeout(() => bridge.emit('settings.changed', next), 0);
    return next;
  })
  .handle('notices.list', notices)
  .handle('notices.dismiss', null)
  .handle('app.ready', null)
  .handle('fleet.snapshot', () => ({
    assets: fleet.assets,
    positions: fleet.positions,
    fetchedAt: now,
    fromCache: offline,
  }))
  .handle('fleet.location', (args): Location => {
    const p = fleet.positions.find((x) => x.assetId === args?.assetId) ?? fleet.positions[0]!;
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
  });

if (!offline)
  setInterval(() => {
    t += 1000;
    bridge.emit('live.positions', { positions: fleet.step(t) });
  }, 1000);

setBridge(bridge);
Object.assign(window, { harness: { bridge } });
createApp(App).use(createPinia()).mount('#app');
