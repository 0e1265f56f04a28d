import type { Screen } from './navigation';

export type ShortcutAction =
  | { readonly kind: 'screen'; readonly screen: Screen }
  | { readonly kind: 'focusSearch' }
  | { readonly kind: 'fitFleet' }
  | { readonly kind: 'toggleFollow' }
  | { readonly kind: 'escape' }
  | { readonly kind: 'help' }
  | { readonly kind: 'settings' }
  | { readonly kind: 'toggleMute' };

export interface ShortcutGroup {
  readonly title: string;
  readonly shortcuts: readonly { readonly keys: string; readonly does: string }[];
}

export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'General',
    shortcuts: [
      { keys: '1 – 5', does: 'Live map, History, Reports, Tracking links, Alarms' },
      { keys: '6', does: 'Maintenance: reminders, odometer, fuel, tags' },
      { keys: '/', does: 'Search assets' },
      { keys: 'F', does: 'Fit the whole fleet on the map' },
      { keys: 'L', does: 'Follow the selected asset' },
      {
        keys: 'Enter',
        does: 'On the focused map: open the cluster or select the asset in the centre square',
      },
      { keys: '↑ ↓', does: 'Previous / next asset in the list' },
      { keys: 'Esc', does: 'Clear the selection, close a popup' },
      { keys: 'M', does: 'Mute alarm sounds and notifications for 15 minutes, or unmute' },
      { keys: ',', does: 'Settings' },
      { keys: '?', does: 'Show these shortcuts' },
    ],
  },
  {
    // The keys HistoryView.vue's onKey handles: keep the two in step.
    title: 'History replay',
    shortcuts: [
      { keys: 'Space', does: 'Play / pause the replay' },
      { keys: '← →', does: 'Step to the previous / next fix' },
      { keys: '+ −', does: 'Replay faster / slower' },
    ],
  },
  {
    // The keys AlarmList.vue's onKey handles: keep the two in step.
    title: 'Alarms',
    shortcuts: [
      { keys: '/', does: 'Search the alarms (on the Alarms screen)' },
      { keys: '↑ ↓', does: 'Previous / next alarm; with Shift, select as you go' },
      { keys: 'Space', does: 'Select or unselect the alarm' },
      { keys: 'A', does: 'Acknowledge the selected alarms (or the one at the cursor)' },
      { keys: 'Enter', does: 'Show the alarm on the live map; on a group, fold or unfold it' },
      { keys: 'R', does: 'Replay the asset’s history at the alarm’s moment' },
      { keys: 'Esc', does: 'Clear the selection' },
    ],
  },
];

const SCREEN_KEYS: Readonly<Record<string, Screen>> = {
  '1': 'map',
  '2': 'history',
  '3': 'reports',
  '4': 'links',
  '5': 'alarms',
  '6': 'maintenance',
};

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** True when the key goes to a text field (shortcuts then stay out of the way). */
  readonly inTextField: boolean;
}

export function shortcutFor(e: KeyLike): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'Escape') return { kind: 'escape' };
  if (e.inTextField) return null;
  const screen = SCREEN_KEYS[e.key];
  if (screen) return { kind: 'screen', screen };
  switch (e.key) {
    case '/':
      return { kind: 'focusSearch' };
    case 'f':
    case 'F':
      return { kind: 'fitFleet' };
    case 'l':
    case 'L':
      return { kind: 'toggleFollow' };
    case '?':
      return { kind: 'help' };
    case ',':
      return { kind: 'settings' };
    case 'm':
    case 'M':
      return { kind: 'toggleMute' };
    default:
      return null;
  }
}

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}
