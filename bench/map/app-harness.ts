import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from '../../src/renderer/src/App.vue';
import '../../src/renderer/src/styles/theme.css';
import '../../src/renderer/src/styles/shell.css';
import { setBridge } from '../../src/renderer/src/api';
import type { Notice } from '../../src/shared/ipc';
import { signedInBridge } from '../../test/renderer/support/signed-in-bridge';
import { simFleet } from '../../test/renderer/support/sim-fleet';

/**
 * The real renderer (App.vue) on a fake bridge feeding a simulated fleet, for
 * screenshots in Chromium. Query: signedIn=0, count=N, theme=dark|light,
 * offline=1, notice=1.
 */
const q = new URLSearchParams(location.search);
const offline = q.get('offline') === '1';
const fleet = simFleet(Number(q.get('count') ?? 600));
const now = Date.now();
let t = now;

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

const bridge = signedInBridge({
  now,
  fleet,
  offline,
  notices,
  signedOut: q.get('signedIn') === '0',
  settings: { theme: q.get('theme') === 'light' ? 'light' : 'dark' },
});

if (!offline)
  setInterval(() => {
    t += 1000;
    bridge.emit('live.positions', { positions: fleet.step(t) });
  }, 1000);

setBridge(bridge);
Object.assign(window, { harness: { bridge } });
createApp(App).use(createPinia()).mount('#app');
