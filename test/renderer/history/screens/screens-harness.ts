import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from '../../../../src/renderer/src/App.vue';
import '../../../../src/renderer/src/styles/theme.css';
import '../../../../src/renderer/src/styles/shell.css';
import { setBridge } from '../../../../src/renderer/src/api';
import { useNavigation } from '../../../../src/renderer/src/layout/navigation';
import type { HistoryResult, JsonReportContent, LocalReport, TrackingLink } from '../../../../src/shared/ipc';
import { NO_TILES, signedInBridge } from '../../support/signed-in-bridge';
import { simFleet } from '../../support/sim-fleet';
import { driveTrack } from './drive-track';

/**
 * The real renderer (App.vue) on a fake bridge, opened on the History,
 * Reports or Tracking-links screen for screenshots in Chromium.
 * Query: screen=history|reports|links, theme=dark|light, offline=1, tiles=0,
 * dense=1 (a fix every 10 s day and night).
 */
const q = new URLSearchParams(location.search);
const theme = q.get('theme') === 'light' ? 'light' : 'dark';
const offline = q.get('offline') === '1';
const fleet = simFleet(40);
const now = Date.now();
const day = (d: number): string => new Date(now + d * 86_400_000).toISOString().slice(0, 10);

const report = (over: Partial<LocalReport>): LocalReport => ({
  localId: 'r',
  reportId: null,
  request: { type: 'trail', format: 'pdf', asset_id: 3, date_from: day(-7), date_to: day(-1) },
  title: 'Trail — Reefer 0003',
  state: 'waiting',
  queuePosition: null,
  progress: 0,
  errorMessage: null,
  retryAt: null,
  createdAt: now,
  completedAt: null,
  servedFromCache: false,
  file: null,
  ...over,
});

const reports: LocalReport[] = [
  report({
    localId: 'a',
    state: 'processing',
    progress: 45,
    createdAt: now - 1000,
    title: 'Trail — Reefer 0003',
  }),
  report({
    localId: 'b',
    state: 'queued',
    queuePosition: 2,
    createdAt: now - 2000,
    title: 'Weekly mileage — 12 assets',
    request: {
      type: 'mileage_weekly',
      format: 'excel',
      asset_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      date_from: day(-60),
      date_to: day(-1),
    },
  }),
  report({
    localId: 'c',
    state: 'retrying',
    retryAt: now + 27_000,
    createdAt: now - 3000,
    title: 'OBD-II — Van 0001',
  }),
  report({ localId: 'd', state: 'waiting', createdAt: now - 4000, title: 'Fuel — Truck 0002' }),
  report({
    localId: 'e',
    state: 'failed',
    errorMessage: 'Report generation failed: no positions in the period',
    createdAt: now - 5000,
    title: 'Alarms — Tipper 0004',
  }),
  report({
    localId: 'f',
    state: 'completed',
    progress: 100,
    createdAt: now - 6000,
    completedAt: now - 5000,
    title: 'Trips — Van 0009',
    request: { type: 'trip', format: 'json', asset_id: 9, date_from: day(-3), date_to: day(-1) },
    servedFromCache: true,
    file: {
      filename: 'trip_9.json',
      contentType: 'application/json',
      size: 48_213,
      path: '/cache/trip_9.json',
      savedPath: null,
    },
  }),
  report({
    localId: 'g',
    state: 'completed',
    progress: 100,
    createdAt: now - 7000,
    completedAt: now - 6500,
    title: 'Driver score — Bus 0005',
    request: { type: 'driver_score', format: 'pdf', asset_id: 5, date_from: day(-30), date_to: day(-1) },
    file: {
      filename: 'driver_score_5.pdf',
      contentType: 'application/pdf',
      size: 184_220,
      path: '/cache/ds.pdf',
      savedPath: null,
    },
  }),
];

const tripRows = Array.from({ length: 400 }, (_, i) => ({
  start: new Date(now - (400 - i) * 3_600_000).toISOString().slice(0, 16).replace('T', ' '),
  from: ['Waalhaven', 'Maasvlakte', 'Botlek', 'Europoort', 'Schiedam'][i % 5],
  to: ['Schiedam', 'Waalhaven', 'Maasvlakte', 'Botlek', 'Europoort'][i % 5],
  distance: Math.round((5 + ((i * 37) % 80) + ((i * 13) % 10) / 10) * 10) / 10,
  duration: 10 + ((i * 17) % 70),
}));
const json: JsonReportContent = {
  type: 'trip',
  title: 'Trips — Van 0009',
  period: { from: day(-3), to: day(-1) },
  generated_at: new Date(now).toISOString(),
  summary: { trips: tripRows.length, distance_km: 17_842.6, driving_time_h: 312.4, max_speed_kmh: 112 },
  columns: [
    { key: 'start', label: 'Start' },
    { key: 'from', label: 'From' },
    { key: 'to', label: 'To' },
    { key: 'distance', label: 'Distance', unit: 'km' },
    { key: 'duration', label: 'Duration', unit: 'min' },
  ],
  rows: tripRows,
  table_title: 'Trips',
};

const link = (over: Partial<TrackingLink>): TrackingLink => ({
  id: 1,
  uuid: '0b6a3c1e-8f43-4a7e-9c55-2a1f7e7b9d10',
  name: 'Delivery to ACME',
  public_url: 'http://127.0.0.1:4000/track/0b6a3c1e-8f43-4a7e-9c55-2a1f7e7b9d10',
  access_type: 'public',
  show_eta: true,
  show_history: false,
  expires_at: new Date(now + 5 * 3_600_000).toISOString(),
  asset_id: 3,
  ...over,
});
const links: TrackingLink[] = [
  link({}),
  link({
    id: 2,
    name: 'Customer portal — Reefer 0011',
    access_type: 'email_code',
    show_history: true,
    expires_at: null,
    asset_id: 11,
    public_url: 'http://127.0.0.1:4000/track/6f1b1d0e-4c8a-4f55-8a43-5d8f3c1e2b77',
  }),
  link({
    id: 3,
    name: 'Last week',
    access_type: 'email',
    expires_at: new Date(now - 2 * 86_400_000).toISOString(),
    asset_id: 2,
    public_url: 'http://127.0.0.1:4000/track/2a3c4d5e-6f70-4812-9a3b-4c5d6e7f8091',
  }),
];

const bridge = signedInBridge({
  now,
  fleet,
  offline,
  settings: { theme, ...(q.get('tiles') === '0' ? { tileUrl: NO_TILES } : {}) },
})
  .handle('history.get', (args): HistoryResult => {
    const a = args!;
    const began = performance.now();
    const points = driveTrack(
      a.start,
      Math.min(a.end, now),
      a.assetId,
      q.get('dense') === '1' ? 10_000 : undefined,
    );
    console.info(
      `harness: generated ${points.t.length} fixes in ${(performance.now() - began).toFixed(0)} ms`,
    );
    const until = offline ? Math.min(a.end, now - 3 * 3_600_000) : null;
    return {
      assetId: a.assetId,
      start: a.start,
      end: a.end,
      points,
      coverage: offline
        ? { complete: false, completeUntil: until, source: 'cache', offline: true }
        : { complete: true, completeUntil: a.end, source: 'network', offline: false },
    };
  })
  .handle('reports.list', reports)
  .handle('reports.data', json)
  .handle('reports.save', { saved: true, path: '/home/operator/Downloads/trip_9.json' })
  .handle('links.list', links)
  .handle('links.create', (args) => ({ ...link({ id: 9 }), name: args?.request.name ?? 'New link' }))
  .handle('app.copyText', null)
  .handle('app.openExternal', null);

setBridge(bridge);
const pinia = createPinia();
createApp(App).use(pinia).mount('#app');
const screen = q.get('screen');
// Give the shell its bootstrap, then act as the asset panel's quick actions do.
setTimeout(() => {
  const nav = useNavigation(pinia);
  if (screen === 'history') nav.requestHistory(3);
  else if (screen === 'reports') nav.requestReport(3);
  else if (screen === 'links') nav.requestShare(3);
}, 300);
Object.assign(window, { harness: { bridge } });
