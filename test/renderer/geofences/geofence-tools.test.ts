import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import GeofenceActions from '../../../src/renderer/src/features/geofences/GeofenceActions.vue';
import GeofenceForm from '../../../src/renderer/src/features/geofences/GeofenceForm.vue';
import GeofencePanel from '../../../src/renderer/src/features/geofences/GeofencePanel.vue';
import { useGeofenceEditor } from '../../../src/renderer/src/features/geofences/geofence-editor';
import { useNavigation } from '../../../src/renderer/src/layout/navigation';
import { useAlarms } from '../../../src/renderer/src/stores/alarms';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import { useGeofences } from '../../../src/renderer/src/stores/geofences';
import type { GeofenceShape } from '../../../src/shared/interface';
import type { FakeBridge } from '../support/fake-bridge';
import { FakeGeofences, sampleGeofences } from '../support/fake-geofences';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { signedInBridge } from '../support/signed-in-bridge';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

interface ToolSetup {
  /** Answers main gives differently (before anything is mounted). */
  readonly bridge?: (b: FakeBridge, g: FakeGeofences) => void;
  /** What the operator did before (the stores exist then). */
  readonly stores?: () => void;
}

async function mountTool(
  component: Parameters<typeof mountWithBridge>[0],
  props: Record<string, unknown> = {},
  setup: ToolSetup = {},
): Promise<{ w: VueWrapper; bridge: FakeBridge; fake: FakeGeofences }> {
  const fake = new FakeGeofences(sampleGeofences());
  const bridge = fake.install(signedInBridge());
  setup.bridge?.(bridge, fake);
  const { wrapper } = mountWithBridge(component, bridge, props);
  current = wrapper;
  useGeofences().listen();
  await Promise.all([useFleet().load(), useGeofences().load(), useAlarms().load()]);
  setup.stores?.();
  await settle();
  return { w: wrapper, bridge, fake };
}

const button = (w: VueWrapper, text: string) => {
  const b = w.findAll('button').find((x) => x.text() === text);
  if (!b) throw new Error(`no button “${text}” in: ${w.text()}`);
  return b;
};

describe('a geofence’s actions', () => {
  it('make an exit alarm for the selected asset in one click', async () => {
    const { w, bridge } = await mountTool(
      GeofenceActions,
      { geofence: sampleGeofences()[0] },
      { stores: () => useNavigation().select(3) },
    );
    await button(w, 'Alert on exit').trigger('click');
    await settle();
    expect(bridge.callsOf('alertRules.create')).toEqual([
      { rule: { name: 'Left Waalhaven yard', kind: 'geofence_exit', geofence_id: 1, asset_id: 3 } },
    ]);
    const name = useFleet().assetsById.get(3)!.name;
    expect(w.find('[role="status"]').text()).toBe(
      `An alarm when ${name} leaves Waalhaven yard, from now on.`,
    );
    expect(w.find('ul[aria-label="Its alarms"]').text()).toContain(`Leaves: ${name} · warning`);
  });

  it('make an enter alarm for the whole fleet at the severity chosen', async () => {
    const { w, bridge } = await mountTool(GeofenceActions, { geofence: sampleGeofences()[1] });
    expect((w.find('input[value="asset"]').element as HTMLInputElement).disabled).toBe(true);
    await w.find('select[name="severity"]').setValue('critical');
    await button(w, 'Alert on enter').trigger('click');
    await settle();
    expect(bridge.callsOf('alertRules.create')).toEqual([
      {
        rule: {
          name: 'Entered Depot North',
          kind: 'geofence_enter',
          geofence_id: 2,
          asset_id: null,
          severity: 'critical',
        },
      },
    ]);
    expect(w.find('ul[aria-label="Its alarms"]').text()).toContain('Enters: any asset · critical');
  });

  it('say why the service refused a rule', async () => {
    const { w } = await mountTool(
      GeofenceActions,
      { geofence: sampleGeofences()[0] },
      {
        bridge: (b) =>
          b.fail('alertRules.create', {
            code: 'forbidden',
            message: 'Only a user with every asset may watch the whole fleet',
          }),
      },
    );
    await button(w, 'Alert on exit').trigger('click');
    await settle();
    expect(w.find('[role="alert"]').text()).toBe(
      'No rule made: Only a user with every asset may watch the whole fleet',
    );
  });

  it('offer a restricted user no rule for every asset, and say why', async () => {
    const reason = 'Your account sees only some of the fleet’s assets.';
    const { w, bridge } = await mountTool(
      GeofenceActions,
      { geofence: sampleGeofences()[0] },
      {
        bridge: (b) =>
          b.handle('access.get', {
            wholeFleet: false,
            may: {
              wholeFleetAlert: { allowed: false, reason },
              linkWholeAccount: { allowed: false, reason },
            },
          }),
      },
    );
    const fleetWide = w.find('input[value="fleet"]');
    expect((fleetWide.element as HTMLInputElement).disabled).toBe(true);
    expect(w.find('[data-testid="whole-fleet-alert-reason"]').text()).toBe(reason);
    expect(fleetWide.attributes('aria-describedby')).toBe('geofence-fleet-reason');
    // No asset selected: nothing is sent, and the reason says why.
    await button(w, 'Alert on exit').trigger('click');
    await settle();
    expect(bridge.callsOf('alertRules.create')).toEqual([]);
    expect(w.find('[role="alert"]').text()).toBe(`No rule made: ${reason}`);
  });

  it('delete after a confirmation, and keep it when rules use it, saying so', async () => {
    const { w, bridge } = await mountTool(
      GeofenceActions,
      { geofence: sampleGeofences()[0] },
      {
        bridge: (_b, fake) =>
          void fake.rules.push({
            id: 9,
            source: 'service',
            name: 'Left Waalhaven yard',
            kind: 'geofence_exit',
            asset_id: null,
            geofence_id: 1,
            enabled: true,
            notify_emails: [],
          }),
      },
    );
    await button(w, 'Delete…').trigger('click');
    await button(w, 'Delete Waalhaven yard').trigger('click');
    await settle();
    expect(w.find('[role="alert"]').text()).toBe(
      'Not deleted: Alert rules use this geofence (9): delete them first',
    );
    await w.find('button[aria-label="Remove the rule Left Waalhaven yard"]').trigger('click');
    await settle();
    await button(w, 'Delete…').trigger('click');
    await button(w, 'Delete Waalhaven yard').trigger('click');
    await settle();
    expect(bridge.callsOf('geofences.remove')).toEqual([
      { source: 'service', id: 1 },
      { source: 'service', id: 1 },
    ]);
    expect(useGeofences().geofences.map((g) => g.id)).toEqual([2]);
    expect(w.emitted('done')).toHaveLength(1);
  });
});

const bowtie: GeofenceShape = {
  type: 'polygon',
  points: [
    { latitude: 51.9, longitude: 4.4 },
    { latitude: 51.91, longitude: 4.41 },
    { latitude: 51.9, longitude: 4.41 },
    { latitude: 51.91, longitude: 4.4 },
  ],
};
const square: GeofenceShape = {
  type: 'polygon',
  points: [
    { latitude: 51.9, longitude: 4.4 },
    { latitude: 51.9, longitude: 4.41 },
    { latitude: 51.91, longitude: 4.41 },
    { latitude: 51.91, longitude: 4.4 },
  ],
};

/** The operator drew `shape` with the polygon tool. */
function drawn(shape: GeofenceShape): void {
  const editor = useGeofenceEditor();
  editor.startDraw('polygon');
  editor.drawn(shape);
}

describe('naming and saving a drawn geofence', () => {
  it('refuses a crossed outline before sending it', async () => {
    const { w, bridge } = await mountTool(GeofenceForm, {}, { stores: () => drawn(bowtie) });
    expect(w.find('[role="alert"]').text()).toBe(
      'The shape is not valid: the outline crosses itself (edges 1 and 3).',
    );
    expect((w.find('[data-testid="geofence-save"]').element as HTMLButtonElement).disabled).toBe(true);
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('geofences.create')).toEqual([]);
  });

  it('saves a valid shape with its name and colour, and shows it', async () => {
    const { w, bridge } = await mountTool(GeofenceForm, {}, { stores: () => drawn(square) });
    await w.find('[data-testid="geofence-name"]').setValue('  Roadworks A13 ');
    await w.find('input[value="#9b51e0"]').setValue(true);
    await w.find('form').trigger('submit');
    await settle();
    expect(bridge.callsOf('geofences.create')).toEqual([
      { geofence: { name: 'Roadworks A13', color: '#9b51e0', shape: square } },
    ]);
    const editor = useGeofenceEditor();
    expect(editor.mode).toBe('idle');
    expect(editor.focused).toEqual({ source: 'service', id: 100 });
    expect(editor.viewRequest).toBeNull();
  });

  it('shows the service’s field errors (spec 7) beside what they name', async () => {
    const { w } = await mountTool(
      GeofenceForm,
      {},
      {
        bridge: (b) =>
          void b.fail('geofences.create', {
            code: 'invalid_request',
            message: 'The given data was invalid.',
            details: { name: ['has already been taken'], 'shape.points': ['more than 10,000 points'] },
          }),
        stores: () => drawn(square),
      },
    );
    await w.find('form').trigger('submit');
    await settle();
    expect(w.text()).toContain('has already been taken');
    expect(w.text()).toContain('The service refused the shape: more than 10,000 points.');
    expect(w.text()).toContain('Not saved: The given data was invalid.');
    expect(useGeofenceEditor().mode).toBe('draft');
  });
});

describe('the geofence panel', () => {
  it('labels geofences kept on this computer when the service has no alarm feed', async () => {
    const { w } = await mountTool(
      GeofencePanel,
      {},
      {
        bridge: (b, fake) => {
          fake.geofences = sampleGeofences('local');
          b.handle('alarms.summary', {
            unacknowledged: 0,
            unacknowledgedBySeverity: { critical: 0, warning: 0, info: 0 },
            alarmedAssets: [],
            mode: 'local',
            modeReason: 'The service has no alarm feed.',
            lastSyncedAt: null,
          });
        },
      },
    );
    expect(w.text()).toContain('This service keeps no geofences');
    expect(w.findAll('.local').map((l) => l.text())).toEqual([
      'on this computer only',
      'on this computer only',
    ]);
    await w.findAll('button.row')[0]!.trigger('click');
    expect(useGeofenceEditor().focused).toEqual({ source: 'local', id: 2 });
    expect(w.find('.actions').exists()).toBe(true);
  });
});

describe('a geofence’s actions in one place', () => {
  it('shows them in the card on the map while it is open there, under its row in the list otherwise', async () => {
    const { w } = await mountTool(GeofencePanel);
    const [first] = sampleGeofences();
    const editor = useGeofenceEditor();
    editor.openContext({ source: first!.source, id: first!.id }, 200, 150);
    await settle();
    const row = w.findAll('li').find((li) => li.text().includes(first!.name))!;
    expect(row.classes()).toContain('focused');
    expect(row.find('.actions').exists()).toBe(false);
    expect(row.find('button.row').attributes('aria-expanded')).toBe('false');

    editor.closeContext();
    await settle();
    expect(row.find('.actions').exists()).toBe(true);
    expect(row.find('button.row').attributes('aria-expanded')).toBe('true');
  });
});
