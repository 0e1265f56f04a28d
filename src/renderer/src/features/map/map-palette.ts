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

export const BASE_COLOURS: Readonly<Record<'dark' | 'light', BaseColours>> = {
  dark: { water: '#16212b', land: '#243140', coast: '#3b4d60', border: '#4b5f73' },
  light: { water: '#dfe8ef', land: '#f6f4ee', coast: '#a9b6c2', border: '#c3ccd4' },
};
