import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AlarmSeverity, GeofenceBody } from '../../../shared/interface';
import type { AlertRuleView, GeofenceView, ItemSource } from '../../../shared/ipc/alarm-views';
import { call, subscribe } from '../api';

export type GeofenceRuleKind = 'geofence_enter' | 'geofence_exit';

/**
 * Geofences and the alert rules that name them, as main holds them: the
 * service's, or this computer's (source 'local') against a service without
 * the alarm extension. Kept current by main's pushes after every change,
 * whoever made it.
 */
export const useGeofences = defineStore('geofences', () => {
  const geofences = shallowRef<readonly GeofenceView[]>([]);
  const rules = shallowRef<readonly AlertRuleView[]>([]);
  const error = ref<string | null>(null);
  /** The geofence layer is on the live map. */
  const visible = ref(true);

  const rulesOf = computed(() => {
    const by = new Map<string, AlertRuleView[]>();
    for (const r of rules.value) {
      if (r.geofence_id === null) continue;
      const key = `${r.source}:${r.geofence_id}`;
      by.set(key, [...(by.get(key) ?? []), r]);
    }
    return by;
  });

  async function load(): Promise<void> {
    try {
      const [g, r] = await Promise.all([call('geofences.list'), call('alertRules.list')]);
      geofences.value = g;
      rules.value = r;
      error.value = null;
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    }
  }

  function upsert(g: GeofenceView): void {
    const rest = geofences.value.filter((x) => !(x.id === g.id && x.source === g.source));
    geofences.value = [...rest, g];
  }

  return {
    geofences,
    rules,
    error,
    visible,
    load,
    /** The rules that name a geofence. */
    rulesFor: (g: Pick<GeofenceView, 'id' | 'source'>): readonly AlertRuleView[] =>
      rulesOf.value.get(`${g.source}:${g.id}`) ?? [],
    create: async (geofence: GeofenceBody): Promise<GeofenceView> => {
      const made = await call('geofences.create', { geofence });
      upsert(made);
      return made;
    },
    update: async (source: ItemSource, id: number, geofence: GeofenceBody): Promise<GeofenceView> => {
      const made = await call('geofences.update', { source, id, geofence });
      upsert(made);
      return made;
    },
    remove: async (source: ItemSource, id: number): Promise<void> => {
      await call('geofences.remove', { source, id });
      geofences.value = geofences.value.filter((x) => !(x.id === id && x.source === source));
    },
    /** "Alert on enter" / "Alert on exit": a rule for the whole fleet, or for one asset. */
    createRule: async (
      g: Pick<GeofenceView, 'id' | 'name'>,
      kind: GeofenceRuleKind,
      assetId: number | null,
      severity?: AlarmSeverity,
    ): Promise<AlertRuleView> => {
      const rule = await call('alertRules.create', {
        rule: {
          name: `${kind === 'geofence_enter' ? 'Entered' : 'Left'} ${g.name}`.slice(0, 120),
          kind,
          geofence_id: g.id,
          asset_id: assetId,
          ...(severity ? { severity } : {}),
        },
      });
      rules.value = [...rules.value.filter((r) => !(r.id === rule.id && r.source === rule.source)), rule];
      return rule;
    },
    removeRule: async (r: Pick<AlertRuleView, 'id' | 'source'>): Promise<void> => {
      await call('alertRules.remove', { source: r.source, id: r.id });
      rules.value = rules.value.filter((x) => !(x.id === r.id && x.source === r.source));
    },
    listen(): () => void {
      const offs = [
        subscribe('geofences.changed', (all) => (geofences.value = all)),
        subscribe('alertRules.changed', (all) => (rules.value = all)),
      ];
      return () => offs.forEach((off) => off());
    },
  };
});
