import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from '../../../../src/renderer/src/App.vue';
import '../../../../src/renderer/src/styles/theme.css';
import '../../../../src/renderer/src/styles/shell.css';
import { setBridge } from '../../../../src/renderer/src/api';
import { useNavigation } from '../../../../src/renderer/src/layout/navigation';
import type { ConnectionStatus } from '../../../../src/shared/ipc';
import { FakeBridge } from '../../support/fake-bridge';
import { DEMO_SESSION, onlineStatus, simFleet, TEST_SETTINGS } from '../../support/sim-fleet';

/**
 * The real renderer on a fake bridge with 10,000 assets and the live channel
 * down for a paragraph-long reason: what test/e2e/renderer/status-bar-layout.test.ts measures in Chromium.
 */
const now = Date.now();
const fleet = simFleet(10_000);
const LONG_REASON = `The live channel cannot reach the service: ${'upstream answered 502 Bad Gateway from the load balancer in front of the broadcasting cluster; '.repeat(6)}retrying in 30 s`;
const status: ConnectionStatus = {
  ...onlineStatus(now),
  live: { state: 'unavailable', reason: LONG_REASON, since: now },
};

const bridge = new FakeBridge()
  .handle('session.get', DEMO_SESSION)
  .handle('connection.get', status)
  .handle('settings.get', { ...TEST_SETTINGS, theme: 'dark', tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' })
  .handle('notices.list', [])
  .handle('app.ready', null)
  .handle('app.info', { version: '0.0.0', platform: 'linux', shell: 'browser' })
  .handle('reports.list', [])
  .handle('links.list', [])
  .handle('fleet.snapshot', {
    assets: fleet.assets,
    positions: fleet.positions,
    fetchedAt: now,
    fromCache: false,
  });
setBridge(bridge);

const pinia = createPinia();
createApp(App).use(pinia).mount('#app');
// Give the shell its bootstrap, then open the report form on an asset as the asset panel would.
if (new URLSearchParams(location.search).get('screen') === 'reports')
  setTimeout(() => useNavigation(pinia).requestReport(3), 300);
Object.assign(window, { harness: { reason: LONG_REASON } });
