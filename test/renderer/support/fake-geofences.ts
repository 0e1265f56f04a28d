import { alertBodySchema, geofenceBodySchema } from '../../../src/shared/interface';
import type { AlertRuleView, GeofenceView, ItemSource } from '../../../src/shared/ipc/alarm-views';
import { FakeIpcError, type FakeBridge } from './fake-bridge';

/** Two geofences near the simulated fleet's centre (Rotterdam's port): a polygon and a circle. */
export function sampleGeofences(source: ItemSource = 'service'): GeofenceView[] {
  return [
    {
      id: 1,
      source,
      name: 'Waalhaven yard',
      color: '#27ae60',
      shape: {
        type: 'polygon',
        points: [
          { latitude: 51.9, longitude: 4.42 },
          { latitude: 51.9, longitude: 4.47 },
          { latitude: 51.875, longitude: 4.47 },
          { latitude: 51.87, longitude: 4.43 },
        ],
      },
    },
    {
      id: 2,
      source,
      name: 'Depot North',
      color: '#2f80ed',
      shape: { type: 'circle', center: { latitude: 51.95, longitude: 4.38 }, radius_m: 900 },
    },
  ];
}

/**
 * Geofences and alert rules as main answers them: created, replaced and
 * removed in memory with the contract's checks (the shared schemas), and a
 * push after each change as main sends to every window.
 */
export class FakeGeofences {
  private nextId = 100;

  constructor(
    public geofences: GeofenceView[] = [],
    public rules: AlertRuleView[] = [],
    private readonly source: ItemSource = 'service',
  ) {}

  install(bridge: FakeBridge): FakeBridge {
    const refuse = (details: Record<string, string[]>): never => {
      throw new FakeIpcError({ code: 'invalid_request', message: 'The geofence was refused', details });
    };
    const checked = (body: unknown) => {
      const parsed = geofenceBodySchema.safeParse(body);
      if (!parsed.success)
        refuse(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), [i.message]])));
      return parsed.data!;
    };
    const pushGeofences = (): void => {
      const all = [...this.geofences];
      setTimeout(() => bridge.emit('geofences.changed', all), 0);
    };
    const pushRules = (): void => {
      const all = [...this.rules];
      setTimeout(() => bridge.emit('alertRules.changed', all), 0);
    };
    return bridge
      .handle('geofences.list', () => [...this.geofences])
      .handle('alertRules.list', () => [...this.rules])
      .handle('geofences.create', (args) => {
        const g: GeofenceView = { ...checked(args?.geofence), id: this.nextId++, source: this.source };
        this.geofences.push(g);
        pushGeofences();
        return g;
      })
      .handle('geofences.update', (args) => {
        const i = this.geofences.findIndex((g) => g.id === args?.id && g.source === args.source);
        if (i < 0) throw new FakeIpcError({ code: 'not_found', message: 'No such geofence' });
        const g: GeofenceView = { ...checked(args?.geofence), id: args!.id, source: args!.source };
        this.geofences[i] = g;
        pushGeofences();
        return g;
      })
      .handle('geofences.remove', (args) => {
        const used = this.rules.filter((r) => r.geofence_id === args?.id);
        if (used.length)
          throw new FakeIpcError({
            code: 'conflict',
            message: `Alert rules use this geofence (${used.map((r) => r.id).join(', ')}): delete them first`,
          });
        this.geofences = this.geofences.filter((g) => !(g.id === args?.id && g.source === args.source));
        pushGeofences();
        return null;
      })
      .handle('alertRules.create', (args) => {
        const rule: AlertRuleView = {
          ...alertBodySchema.parse(args?.rule),
          id: this.nextId++,
          source: this.source,
        };
        this.rules.push(rule);
        pushRules();
        return rule;
      })
      .handle('alertRules.remove', (args) => {
        this.rules = this.rules.filter((r) => !(r.id === args?.id && r.source === args.source));
        pushRules();
        return null;
      });
  }
}
