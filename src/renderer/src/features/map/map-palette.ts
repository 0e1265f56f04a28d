import { ASSET_STATES, STATE_STYLE } from './asset-state';
import type { BaseColours } from './offline-base-layer';
import type { Palette } from './marker-drawing';

const states = ASSET_STATES.map((s) => STATE_STYLE[s].colour);

export const MARKER_PALETTE: Readonly<Record<'dark' | 'light', Palette>> = {
  dark: {
    state: states,
    outline: 'rgba(8, 12, 16, 0.9)',
    labelText: '#e6ecf1',
    labelBack: 'rgba(14, 19, 24, 0.85)',
    selection: '#8cc4f0',
    clusterFill: '#2a5d87',
    clusterRing: 'rgba(90, 169, 230, 0.35)',
    clusterText: '#ffffff',
  },
  light: {
    state: states,
    outline: 'rgba(255, 255, 255, 0.95)',
    labelText: '#1d2731',
    labelBack: 'rgba(255, 255, 255, 0.9)',
    selection: '#1f6fb8',
    clusterFill: '#1f6fb8',
    clusterRing: 'rgba(31, 111, 184, 0.3)',
    clusterText: '#ffffff',
  },
};

/**
 * While the live feed is down every marker is a last known position: one grey for all four states (the
 * moving arrow keeps its shape), so no colour claims a vehicle is moving now (docs/interface-decisions.md
 * "Live feed state"). One object per theme: the sprite atlas is rebuilt only when the palette changes.
 */
const staleOf = (p: Palette, grey: string): Palette => ({
  ...p,
  state: states.map(() => grey),
  clusterFill: grey,
  clusterRing: 'rgba(133, 137, 141, 0.35)',
});

export const STALE_MARKER_PALETTE: Readonly<Record<'dark' | 'light', Palette>> = {
  dark: staleOf(MARKER_PALETTE.dark, '#85898d'),
  light: staleOf(MARKER_PALETTE.light, '#7b7f83'),
};

export const markerPalette = (theme: 'dark' | 'light', stale: boolean): Palette =>
  (stale ? STALE_MARKER_PALETTE : MARKER_PALETTE)[theme];

export const BASE_COLOURS: Readonly<Record<'dark' | 'light', BaseColours>> = {
  dark: { water: '#16212b', land: '#243140', coast: '#3b4d60', border: '#4b5f73' },
  light: { water: '#dfe8ef', land: '#f6f4ee', coast: '#a9b6c2', border: '#c3ccd4' },
};
