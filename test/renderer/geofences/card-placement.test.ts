import { describe, expect, it } from 'vitest';
import { placeCard } from '../../../src/renderer/src/features/geofences/card-placement';

const MAP = { width: 800, height: 600 };
const CARD = { width: 320, height: 240 };

describe('where a geofence’s card opens on the map', () => {
  it('below and right of the click where it fits', () => {
    expect(placeCard({ x: 100, y: 100 }, CARD, MAP)).toEqual({ left: 112, top: 112 });
  });

  it('above the click near the bottom edge, left of it near the right edge', () => {
    expect(placeCard({ x: 700, y: 550 }, CARD, MAP)).toEqual({ left: 700 - 12 - 320, top: 550 - 12 - 240 });
  });

  it('inside the map even when it fits on neither side of the click', () => {
    expect(placeCard({ x: 300, y: 300 }, CARD, { width: 500, height: 400 })).toEqual({ left: 8, top: 48 });
    expect(placeCard({ x: 10, y: 10 }, CARD, { width: 300, height: 200 })).toEqual({ left: 8, top: 8 });
  });
});
