import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import AlarmsView from '../../../src/renderer/src/features/alarms/AlarmsView.vue';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { useAlarms } from '../../../src/renderer/src/stores/alarms';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { useSession } from '../../../src/renderer/src/stores/session';
import type { AlarmFilter } from '../../../src/shared/ipc/alarm-views';
import type { FakeBridge } from '../support/fake-bridge';
import { FakeInbox } from '../support/fake-inbox';
import { fakeElementSize } from '../support/fake-layout';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { signedInBridge } from '../support/signed-in-bridge';
import { simFleet } from '../support/sim-fleet';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
let restoreSize: () => void = () => undefined;
beforeAll(() => (restoreSize = fakeElementSize('alarm-list', { height: 600, width: 900 })));
afterAll(() => restoreSize());

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

async function mountInbox(
  count = 500,
  tweak: (bridge: FakeBridge, inbox: FakeInbox) => void = () => undefined,
): Promise<{ w: VueWrapper; bridge: FakeBridge; inbox: FakeInbox }> {
  const fleet = simFleet(20);
  const inbox = new FakeInbox({ assets: fleet.assets, count, now: NOW });
  const bridge = inbox.install(signedInBridge({ now: NOW, fleet }));
  tweak(bridge, inbox);
  const { wrapper } = mountWithBridge(AlarmsView, bridge, { assetId: null, intent: null });
  current = wrapper;
  const alarms = useAlarms();
  alarms.listen();
  await Promise.all([useFleet().load(), useSession().load(), alarms.load()]);
  await settle();
  return { w: wrapper, bridge, inbox };
}

const listCalls = (bridge: FakeBridge): AlarmFilter[] =>
  (bridge.callsOf('alarms.list') as { filter: AlarmFilter }[]).map((c) => c.filter);
const rows = (w: VueWrapper) => w.findAll('.alarm-row');
const keyOfRow = (w: VueWrapper, i: number): string => rows(w)[i]!.attributes('data-alarm-key')!;
const list = (w: VueWrapper) => w.find('.alarm-list');
async function press(w: VueWrapper, key: string, init: KeyboardEventInit = {}): Promise<void> {
  await list(w).trigger('keydown', { key, ...init });
  await settle();
}

describe('the alarms screen', () => {
  it('shows the newest first in severity groups, only the rows in view, with who acknowledged, when and why', async () => {
    const { w, inbox } = await mountInbox(500);
    const headers = w.findAll('.group-header').map((h) => h.text());
    expect(headers[0]).toMatch(/^▾\s*Critical · \d+$/);
    expect(rows(w).length).toBeGreaterThan(5);
    expect(rows(w).length).toBeLessThan(40);
    const newestCritical = inbox.list({ severities: ['critical'] }).alarms[0]!;
    expect(keyOfRow(w, 0)).toBe(newestCritical.key);
    expect(rows(w)[0]!.text()).toContain(newestCritical.assetName);
    expect(w.find('[data-testid="alarm-count"]').text()).toMatch(/^500 alarms · 200 unacknowledged in all$/);

    // The oldest are acknowledged: filtered to them, each row says who, when and the comment.
    await w.find('select[name="acknowledged"]').setValue('acknowledged');
    await settle();
    const acked = inbox.list({ acknowledged: true, severities: ['critical'] }).alarms[0]!;
    const row = w.find(`[data-alarm-key="${acked.key}"]`);
    expect(row.find('.ack').text()).toMatch(new RegExp(`^Acknowledged by ${acked.acknowledgement!.by} at `));
    if (acked.acknowledgement!.comment) expect(row.text()).toContain(acked.acknowledgement!.comment);
    expect(row.find('input[type="checkbox"]').exists()).toBe(false);
  });

  it('narrows by severity, kind, state and words, as filters of the core’s query', async () => {
    const { w, bridge, inbox } = await mountInbox(300);
    await w.find('[data-severity="critical"]').trigger('click');
    await w.find('select[name="kind"]').setValue('power_cut');
    await w.find('select[name="acknowledged"]').setValue('unacknowledged');
    await w.find('#alarm-search').setValue('tanker');
    await new Promise((r) => setTimeout(r, 250));
    await settle();
    expect(listCalls(bridge).at(-1)).toEqual({
      severities: ['critical'],
      kinds: ['power_cut'],
      acknowledged: false,
      search: 'tanker',
      limit: 100,
      offset: 0,
    });
    const expected = inbox.list({
      severities: ['critical'],
      kinds: ['power_cut'],
      acknowledged: false,
      search: 'tanker',
    });
    expect(rows(w).map((r) => r.attributes('data-alarm-key'))).toEqual(expected.alarms.map((a) => a.key));
    expect(w.find('[data-testid="alarm-count"]').text()).toMatch(
      new RegExp(`^${expected.total} alarms? match`),
    );

    await w
      .findAll('button')
      .find((b) => b.text() === 'Clear the filters')!
      .trigger('click');
    await settle();
    // Grouped again by severity, every group unfiltered otherwise.
    expect(listCalls(bridge).slice(-3)).toEqual(
      (['critical', 'warning', 'info'] as const).map((s) => ({ severities: [s], limit: 100, offset: 0 })),
    );
  });

  it('selects with the keyboard and acknowledges the selection with a comment', async () => {
    const { w, bridge } = await mountInbox(200);
    (list(w).element as HTMLElement).focus();
    await press(w, 'ArrowDown');
    await press(w, ' ');
    await press(w, 'ArrowDown', { shiftKey: true });
    await press(w, 'ArrowDown', { shiftKey: true });
    const chosen = [0, 1, 2].map((i) => keyOfRow(w, i));
    expect([...useAlarms().selected].sort()).toEqual([...chosen].sort());
    expect(
      rows(w)
        .slice(0, 3)
        .every((r) => r.attributes('aria-selected') === 'true'),
    ).toBe(true);

    await press(w, 'a');
    const dialog = w.find('[role="dialog"]');
    expect(dialog.find('h2').text()).toBe('Acknowledge 3 alarms');
    expect(document.activeElement).toBe(dialog.find('textarea').element);
    await dialog.find('textarea').setValue('  Drivers called, all on their way  ');
    await dialog.find('form').trigger('submit');
    await settle();

    const sent = bridge.callsOf('alarms.acknowledge') as { keys: string[]; comment?: string }[];
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.keys].sort()).toEqual([...chosen].sort());
    expect(sent[0]!.comment).toBe('Drivers called, all on their way');
    expect(w.find('[role="dialog"]').exists()).toBe(false);
    expect(w.find('[data-testid="alarm-status"]').text()).toBe('3 alarms acknowledged.');
    expect(useAlarms().selected.size).toBe(0);
    for (const key of chosen)
      expect(w.find(`[data-alarm-key="${key}"] .ack`).text()).toContain('Drivers called, all on their way');
  });

  it('acknowledges the alarm at the cursor when nothing is selected; shift-click selects a range from the last click', async () => {
    const { w } = await mountInbox(100);
    await rows(w)[1]!.find('input[type="checkbox"]').trigger('click');
    await rows(w)[4]!.find('input[type="checkbox"]').trigger('click', { shiftKey: true });
    expect(useAlarms().selected.size).toBe(4);
    useAlarms().setSelected([]);
    await settle();
    (list(w).element as HTMLElement).focus();
    await press(w, 'ArrowDown');
    const atCursor = w.find('.alarm-row.cursor');
    expect(atCursor.attributes('data-alarm-key')).toBe(keyOfRow(w, 5));
    await press(w, 'A');
    expect(w.find('[role="dialog"] h2').text()).toBe('Acknowledge the alarm');
    expect(w.find('[role="dialog"]').text()).toContain(atCursor.find('.asset').text());
  });

  it('says which alarms were refused and why, and who had acknowledged one first', async () => {
    const { w, bridge, inbox } = await mountInbox(50, (b, inbox) =>
      b.handle('alarms.acknowledge', (args) => {
        const [first, second] = args!.keys;
        const earlier = inbox.acknowledge([first!], 'Already on it', NOW);
        return {
          acknowledged: earlier.acknowledged.map((a) => ({
            ...a,
            acknowledgement: { ...a.acknowledgement!, by: 'Dispatcher', byUserId: 2 },
          })),
          refused: [{ key: second!, code: 'offline', message: 'offline' }],
        };
      }),
    );
    await rows(w)[0]!.find('input[type="checkbox"]').trigger('click');
    await rows(w)[1]!.find('input[type="checkbox"]').trigger('click');
    const second = inbox.alarms.find((a) => a.key === keyOfRow(w, 1))!;
    await w.find('.buttons .btn.primary').trigger('click');
    await w.find('[role="dialog"] form').trigger('submit');
    await settle();
    const dialog = w.find('[role="dialog"]');
    expect(dialog.text()).toContain('1 acknowledged; 1 not:');
    expect(dialog.text()).toContain(
      `${second.assetName}: the service cannot be reached — try again when it is back`,
    );
    await dialog.find('button.primary').trigger('click');
    await settle();
    expect(w.find('[data-testid="alarm-status"]').text()).toMatch(
      /^Dispatcher had already acknowledged it at .+\.$/,
    );
    expect(bridge.callsOf('alarms.acknowledge')).toHaveLength(1);
  });

  it('opens an alarm on the live map with Enter, and its replay with R', async () => {
    const { w } = await mountInbox(40);
    const alarms = useAlarms();
    const nav = useNavigation();
    (list(w).element as HTMLElement).focus();
    await press(w, 'ArrowDown');
    const key = keyOfRow(w, 0);
    const alarm = [...alarms.model.loaded()].find((a) => a.key === key)!;
    await press(w, 'Enter');
    expect(nav.screen).toBe('map');
    expect(nav.selectedAssetId).toBe(alarm.assetId);
    expect(alarms.spotlight?.key).toBe(key);

    await press(w, 'r');
    expect(nav.screen).toBe('history');
    expect(nav.intentFor('history')).toMatchObject({
      kind: 'history',
      assetId: alarm.assetId,
      at: alarm.raisedAt,
    });
  });

  it('folds a severity group with Enter on its header', async () => {
    const { w } = await mountInbox(300);
    (list(w).element as HTMLElement).focus();
    await press(w, 'Enter');
    const header = w.find('.group-header');
    expect(header.attributes('aria-expanded')).toBe('false');
    expect(w.findAll('.alarm-row').every((r) => !r.classes().includes('critical'))).toBe(true);
  });

  it('shows an alarm raised while it is open at the top of its group, without blanking the rest', async () => {
    const { w, bridge, inbox } = await mountInbox(100);
    const fresh = inbox.raise({
      kind: 'engine_fault',
      severity: 'critical',
      assetName: 'Van 0007',
      raisedAt: NOW + 5_000,
      message: 'P0301 Cylinder 1 misfire detected',
    });
    bridge.emit('alarms.raised', { alarms: [fresh], origin: 'live', history: false });
    bridge.emit('alarms.changed', inbox.summary());
    await new Promise((r) => setTimeout(r, 200));
    await settle();
    expect(keyOfRow(w, 0)).toBe(fresh.key);
    expect(w.find('[data-testid="alarm-count"]').text()).toMatch(/^101 alarms/);
  });

  it('says plainly when the service sends no alarms and Fleetdesk watches on this computer', async () => {
    const { w } = await mountInbox(3, (_b, inbox) => (inbox.mode = 'local'));
    expect(w.find('[data-testid="alarm-mode-notice"]').text()).toContain(
      'This service does not send alarms; Fleetdesk watches geofences, silence and speed on this computer.',
    );
    expect(w.find('[data-testid="alarm-mode-notice"]').text()).toContain(
      'While it runs it watches geofences drawn here (enter and exit), trackers silent for more than 15 min, speed over 90 km/h.',
    );
  });

  it('explains an inbox that cannot be read yet instead of an empty list', async () => {
    const { w } = await mountInbox(0, (b) => {
      b.fail('alarms.list', { code: 'unavailable', message: 'Alarms are not available until you sign in' });
      b.handle('alarms.summary', {
        unacknowledged: 0,
        unacknowledgedBySeverity: { critical: 0, warning: 0, info: 0 },
        alarmedAssets: [],
        mode: 'unavailable',
        modeReason: 'Fleetdesk has not reached the service yet.',
        lastSyncedAt: null,
      });
    });
    expect(w.find('[data-testid="alarm-mode-notice"]').text()).toContain(
      'Fleetdesk has not reached the service yet.',
    );
    expect(w.find('[role="alert"]').text()).toBe(
      'The inbox could not be read: Alarms are not available until you sign in',
    );
  });
});
