import { ref } from 'vue';

export type MaintenanceTab = 'reminders' | 'odometer' | 'fuel' | 'tags';

export const MAINTENANCE_TABS: readonly { readonly id: MaintenanceTab; readonly label: string }[] = [
  { id: 'reminders', label: 'Reminders' },
  { id: 'odometer', label: 'Odometer' },
  { id: 'fuel', label: 'Fuel' },
  { id: 'tags', label: 'Tags & beacons' },
];

/** The tab the screen opens on: the one the operator left it on (the screen is not kept alive). */
export const lastTab = ref<MaintenanceTab>('reminders');

/** The tab ← or → (Home, End) moves to, round the ends (WAI-ARIA APG "tabs"). */
export function tabAfterKey(current: MaintenanceTab, key: string): MaintenanceTab | null {
  const i = MAINTENANCE_TABS.findIndex((t) => t.id === current);
  const n = MAINTENANCE_TABS.length;
  const to =
    key === 'ArrowRight'
      ? (i + 1) % n
      : key === 'ArrowLeft'
        ? (i - 1 + n) % n
        : key === 'Home'
          ? 0
          : key === 'End'
            ? n - 1
            : -1;
  return to < 0 ? null : MAINTENANCE_TABS[to]!.id;
}
