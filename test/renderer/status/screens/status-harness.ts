import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from '../../../../src/renderer/src/App.vue';
import '../../../../src/renderer/src/styles/theme.css';
import '../../../../src/renderer/src/styles/shell.css';
import { setBridge } from '../../../../src/renderer/src/api';
import { useNavigation } from '../../../../src/renderer/src/layout/navigation';
import { NO_TILES, signedInBridge } from '../../support/signed-in-bridge';
import { simFleet } from '../../support/sim-fleet';

/**
 * The real renderer on a fake bridge with 10,000 assets and the live channel
 * reports channel down for a paragraph-long reason: what test/e2e/renderer/status-bar-layout.test.ts measures in Chromium.
 */
const now = Date.now();
const LONG_REASON = `The reports channel cannot reach the service: ${'upstream answered 502 Bad Gateway from the load balancer in front of the broadcasting cluster; '.repeat(6)}retrying in 30 s`;

const bridge = signedInBridge({
  now,
  fleet: simFleet(10_000),
  settings: { theme: 'dark', tileUrl: NO_TILES },
  connection: { reports: { state: 'unavailable', reason: LONG_REASON, since: now } },
});
setBridge(bridge);

const pinia = createPinia();
createApp(App).use(pinia).mount('#app');
// Give the shell its bootstrap, then open the report form on an asset as the asset panel would.
if (new URLSearchParams(location.search).get('screen') === 'reports')
  setTimeout(() => useNavigation(pinia).requestReport(3), 300);
Object.assign(window, { harness: { reason: LONG_REASON } });
