import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from '../../../../src/renderer/src/App.vue';
import '../../../../src/renderer/src/styles/theme.css';
import '../../../../src/renderer/src/styles/shell.css';
import { setBridge } from '../../../../src/renderer/src/api';
import { useNavigation } from '../../../../src/renderer/src/layout/navigation';
import { FakeGeofences, sampleGeofences } from '../../support/fake-geofences';
import { FakeInbox } from '../../support/fake-inbox';
import { NO_TILES, signedInBridge } from '../../support/signed-in-bridge';
import { simFleet } from '../../support/sim-fleet';

/**
 * The real renderer on a fake bridge with an inbox of 100,000 alarms, two
 * geofences and a rule, for the screenshots of test/renderer/alarms/screens/shoot.ts.
 * Query: theme=dark|light, screen=alarms|map, mode=service|local, count=<alarms>.
 */
const q = new URLSearchParams(location.search);
const now = Date.now();
const fleet = simFleet(300);
const theme = q.get('theme') === 'light' ? 'light' : 'dark';
const bridge = signedInBridge({ now, fleet, settings: { theme, tileUrl: NO_TILES } });
const local = q.get('mode') === 'local';
const inbox = new FakeInbox({
  assets: fleet.assets,
  count: Number(q.get('count') ?? 100_000),
  now,
  mode: local ? 'local' : 'service',
});
inbox.install(bridge);
new FakeGeofences(
  sampleGeofences(local ? 'local' : 'service'),
  [
    {
      id: 7,
      source: local ? 'local' : 'service',
      name: 'Left Waalhaven yard',
      kind: 'geofence_exit',
      asset_id: null,
      geofence_id: 1,
      enabled: true,
      notify_emails: [],
    },
  ],
  local ? 'local' : 'service',
).install(bridge);
setBridge(bridge);

const pinia = createPinia();
createApp(App).use(pinia).mount('#app');
const screen = q.get('screen');
if (screen === 'alarms') setTimeout(() => useNavigation(pinia).go('alarms'), 300);
Object.assign(window, { harness: { inbox, bridge } });
