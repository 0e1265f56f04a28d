import type { Asset, LivePosition } from '../../../../shared/ipc';

/** docs/architecture.md "The renderer": the four states an operator reads from the map's colours. */
export type AssetState = 'moving' | 'idle' | 'stopped' | 'offline';

export const ASSET_STATES: readonly AssetState[] = ['moving', 'idle', 'stopped', 'offline'];

/**
 * One palette for both themes: each colour keeps ≥ 3:1 contrast against the
 * dark map background and the light OSM tiles, and they differ in lightness
 * too, so they stay distinguishable for the common colour-vision deficiencies.
 */
export const STATE_STYLE: Readonly<
  Record<AssetState, { readonly label: string; readonly short: string; readonly colour: string }>
> = {
  moving: { label: 'Moving', short: 'Moving', colour: '#2fbf71' },
  idle: { label: 'Idle, ignition on', short: 'Idle', colour: '#f0a830' },
  stopped: { label: 'Stopped', short: 'Stopped', colour: '#4a8fe7' },
  offline: { label: 'Offline', short: 'Offline', colour: '#8b95a1' },
};

/** Below this a moving vehicle is treated as standing (GPS jitter reads 1–3 km/h at rest). */
const STANDING_KMH = 3;

const KNOWN_STATES: ReadonlySet<string> = new Set(['moving', 'idle', 'stopped', 'parked']);

export function stateOf(asset: Asset | undefined, position: LivePosition | undefined): AssetState {
  if (!position || asset?.tracker?.online === false) return 'offline';
  // The service sends lower case; other spellings cost a new string per call (10,000 a batch).
  const raw = position.state;
  const s = KNOWN_STATES.has(raw) ? raw : raw.toLowerCase();
  if (s === 'moving' && position.speed >= STANDING_KMH) return 'moving';
  if (s === 'moving' || s === 'idle') return position.ignition ? 'idle' : 'stopped';
  if (s === 'stopped' || s === 'parked') return 'stopped';
  // An unknown status name: read the numbers instead.
  if (position.speed >= STANDING_KMH) return 'moving';
  return position.ignition ? 'idle' : 'stopped';
}

export const STATE_INDEX: Readonly<Record<AssetState, number>> = {
  moving: 0,
  idle: 1,
  stopped: 2,
  offline: 3,
};
