import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import AssetPanel from '../../../src/renderer/src/features/assets/AssetPanel.vue';
import { useConnection } from '../../../src/renderer/src/stores/connection';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { useSettings } from '../../../src/renderer/src/stores/settings';
import type { ConnectionStatus, LivePosition, Location } from '../../../src/shared/ipc';
import { defaultFormat, MILES_UTC_ISO } from '../support/display-format';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { signedInBridge } from '../support/signed-in-bridge';
import { onlineStatus, simFleetReportedAt, TEST_SETTINGS } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

const MINUTE = 60_000;
const now = Date.now();
// Its fixes an hour old: older than either fix below, on whatever day the test runs.
const fleet = simFleetReportedAt(3, now - 60 * MINUTE);
// An online tracker, so that "Online" is what the panel would say from the asset list.
const asset = fleet.assets.find((a) => a.tracker?.online)!;
const id = asset.id;

/** The live feed's newest fix: standing, ignition on, a minute ago. */
const live: LivePosition = {
  assetId: id,
  lat: 51.9,
  lon: 4.4,
  speed: 0,
  course: 90,
  t: now - MINUTE,
  state: 'idle',
  ignition: true,
};

/** The location endpoint's answer: an older fix, driving at 45 km/h. */
const older: Location = {
  latitude: 51.8,
  longitude: 4.3,
  altitude: 7,
  speed: 45,
  heading: 180,
  timestamp: new Date(now - 20 * MINUTE).toISOString(),
  ignition: true,
  odometer: 182_344.6,
  satellites: 9,
};

async function mountPanel(location: Location): Promise<VueWrapper> {
  const bridge = signedInBridge({ fleet, now }).handle('fleet.location', location);
  const { wrapper } = mountWithBridge(AssetPanel, bridge, { assetId: id });
  current = wrapper;
  await Promise.all([useFleet().load(), useConnection().load()]);
  useConnection().listen();
  useFleet().applyPositions([live]);
  await settle();
  return wrapper;
}

/** The header's line as read: the template's line breaks collapse to one space on screen. */
const summaryOf = (w: VueWrapper): string =>
  w.get('[data-testid="panel-summary"]').text().replace(/\s+/g, ' ');

const field = (w: VueWrapper, label: string): string => {
  const dt = w.findAll('dt').find((d) => d.text() === label);
  if (!dt) throw new Error(`no ${label} field`);
  return (dt.element.nextElementSibling as HTMLElement).textContent ?? '';
};

describe('asset panel: one fix, and the live feed’s state', () => {
  it('takes its header and every Location field from the newest fix, with its time', async () => {
    const w = await mountPanel(older);
    expect(summaryOf(w)).toMatch(/^Idle, ignition on · 0 km\/h · 1 min ago$/);
    expect(field(w, 'Speed')).toBe('0 km/h');
    expect(field(w, 'Latitude')).toBe('51.90000°');
    expect(field(w, 'Heading')).toBe('90°');
    expect(field(w, 'Fix time')).toBe(defaultFormat().dateTime(live.t, true));
    // The older answer's extra fields say which moment they are from.
    expect(field(w, 'Odometer')).toMatch(/^182,?345 km \(at .+\)$/);
    expect(w.text()).not.toContain('45 km/h');
  });

  it('shows the location endpoint’s answer whole when it is the newer fix', async () => {
    const w = await mountPanel({ ...older, timestamp: new Date(now - 10_000).toISOString() });
    expect(field(w, 'Speed')).toBe('45 km/h');
    expect(summaryOf(w)).toMatch(/^Moving · 45 km\/h · (just now|\d+ s ago)$/);
    expect(field(w, 'Odometer')).not.toContain('(at');
  });

  it('re-renders in miles and mph, UTC and 24-hour time when main says the settings changed', async () => {
    const bridge = signedInBridge({ fleet, now }).handle('fleet.location', {
      ...older,
      timestamp: new Date(now - 10_000).toISOString(),
    });
    const { wrapper: w } = mountWithBridge(AssetPanel, bridge, { assetId: id });
    current = w;
    await Promise.all([useFleet().load(), useConnection().load()]);
    useSettings().listen();
    await settle();
    expect(field(w, 'Speed')).toBe('45 km/h');
    expect(field(w, 'Odometer')).toBe(`${(182_345).toLocaleString()} km`);

    bridge.emit('settings.changed', { ...TEST_SETTINGS, ...MILES_UTC_ISO });
    await settle();
    // 45 km/h = 27.96 mph; 182,344.6 km = 113,303.8 mi.
    expect(field(w, 'Speed')).toBe('28 mph');
    expect(summaryOf(w)).toMatch(/^Moving · 28 mph · /);
    expect(field(w, 'Odometer')).toBe(`${(113_304).toLocaleString()} mi`);
    const fix = new Date(now - 10_000).toISOString();
    expect(field(w, 'Fix time')).toBe(`${fix.slice(0, 10)}, ${fix.slice(11, 19)}`);
  });

  it('never lets a location stamped ahead of the clock pass for now or win over the live fix', async () => {
    const w = await mountPanel({ ...older, timestamp: new Date(now + 17 * 60 * MINUTE).toISOString() });
    expect(field(w, 'Speed')).toBe('0 km/h');
    expect(w.text()).not.toContain('just now');
  });

  it('says the tracker is unknown since the feed went down, and Online again once it is live', async () => {
    const w = await mountPanel(older);
    const status = () => w.get('[data-testid="tracker-status"]').text();
    expect(status()).toBe('Online');
    const lastLiveAt = new Date(2026, 10, 26, 9, 41).getTime();
    const down: ConnectionStatus = {
      ...onlineStatus(now),
      service: 'offline',
      feed: { state: 'down', since: lastLiveAt, reason: 'The service cannot be reached.', lastLiveAt },
    };
    useConnection().status = down;
    await settle();
    // Today's time alone; on a later day the date too, in the locale's order (and the year in a later one).
    expect(status()).toMatch(/^unknown since ((26 Nov|Nov 26)(,? 2026)?, )?(09:41|9:41|9:41\sAM)$/);
    expect(summaryOf(w)).toMatch(/^Last known: Idle, ignition on/);
    useConnection().status = onlineStatus(now);
    await settle();
    expect(status()).toBe('Online');
  });
});
