import { defineStore } from 'pinia';
import { ref } from 'vue';

/**
 * The navigation contract between the shell and its screens.
 *
 * Screens: 'map' (home), 'history', 'reports', 'links', 'alarms' — keys 1–5 in that order;
 * 'maintenance' — key 6 (reminders, odometer, fuel, tags and beacons).
 *
 * Every screen component (features/<screen>/<Name>View.vue) is mounted by
 * layout/AppShell.vue with these props and may emit these events:
 *
 *   props:  assetId: number | null        the asset selected anywhere in the app (map, list, a screen)
 *           intent:  ScreenIntent | null  a request addressed to this screen, e.g. "open history for asset 7"
 *   emits:  'select-asset' (assetId: number | null)  change the app-wide selection
 *           'intent-handled' (seq: number)           the screen consumed the intent; the shell clears it
 *           'navigate' (screen: Screen)              switch screens (e.g. a report's asset → map)
 *
 * An intent stays pending until the target screen emits 'intent-handled', so a
 * screen that mounts after the request still sees it. Requests come from the
 * asset panel's quick actions through requestHistory / requestReport / requestShare, from
 * an alarm's "Replay" through requestHistoryAt (history around the alarm's moment), and from the
 * panel's maintenance badge through requestMaintenance (the Maintenance screen on that asset).
 * Screens may also use this store directly (useNavigation()).
 */
export type Screen = 'map' | 'history' | 'reports' | 'links' | 'alarms' | 'maintenance';

export const SCREENS: readonly { readonly id: Screen; readonly label: string; readonly key: string }[] = [
  { id: 'map', label: 'Live map', key: '1' },
  { id: 'history', label: 'History', key: '2' },
  { id: 'reports', label: 'Reports', key: '3' },
  { id: 'links', label: 'Tracking links', key: '4' },
  { id: 'alarms', label: 'Alarms', key: '5' },
  { id: 'maintenance', label: 'Maintenance', key: '6' },
];

export type ScreenIntent =
  | {
      readonly kind: 'history';
      readonly assetId: number;
      readonly seq: number;
      /** Replay around this instant (epoch ms), the cursor on it: an alarm's moment. */
      readonly at?: number;
    }
  | { readonly kind: 'report'; readonly assetId: number; readonly seq: number }
  | { readonly kind: 'share'; readonly assetId: number; readonly seq: number }
  | { readonly kind: 'maintenance'; readonly assetId: number; readonly seq: number };

export interface ScreenProps {
  readonly assetId: number | null;
  readonly intent: ScreenIntent | null;
}

export interface ScreenEmits {
  (e: 'select-asset', assetId: number | null): void;
  (e: 'intent-handled', seq: number): void;
  (e: 'navigate', screen: Screen): void;
}

const INTENT_SCREEN: Readonly<Record<ScreenIntent['kind'], Screen>> = {
  history: 'history',
  report: 'reports',
  share: 'links',
  maintenance: 'maintenance',
};

export const useNavigation = defineStore('navigation', () => {
  const screen = ref<Screen>('map');
  const selectedAssetId = ref<number | null>(null);
  const intent = ref<ScreenIntent | null>(null);
  let seq = 0;

  function go(to: Screen): void {
    screen.value = to;
  }

  function select(assetId: number | null): void {
    selectedAssetId.value = assetId;
  }

  function request(kind: ScreenIntent['kind'], assetId: number, at?: number): void {
    seq += 1;
    selectedAssetId.value = assetId;
    intent.value =
      kind === 'history' && at !== undefined ? { kind, assetId, seq, at } : { kind, assetId, seq };
    screen.value = INTENT_SCREEN[kind];
  }

  function handled(doneSeq: number): void {
    if (intent.value?.seq === doneSeq) intent.value = null;
  }

  /** The intent for a given screen, or null when the pending one is for another screen. */
  function intentFor(target: Screen): ScreenIntent | null {
    const pending = intent.value;
    return pending && INTENT_SCREEN[pending.kind] === target ? pending : null;
  }

  return {
    screen,
    selectedAssetId,
    intent,
    go,
    select,
    requestHistory: (assetId: number) => request('history', assetId),
    requestHistoryAt: (assetId: number, at: number) => request('history', assetId, at),
    requestReport: (assetId: number) => request('report', assetId),
    requestShare: (assetId: number) => request('share', assetId),
    requestMaintenance: (assetId: number) => request('maintenance', assetId),
    handled,
    intentFor,
  };
});
