import { afterEach, describe, expect, it } from 'vitest';
import L from 'leaflet';
import { moveWhenSettled, trackZoomAnimations } from '../../../src/renderer/src/features/map/settled-moves';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
});

function newMap(): L.Map {
  const el = document.createElement('div');
  document.body.append(el);
  map = L.map(el).setView([50, 10], 4);
  return map;
}

describe('a move of the view asked for while a zoom animation runs', () => {
  it('happens at once when no zoom animation runs', () => {
    const m = newMap();
    trackZoomAnimations(m);
    const moves: string[] = [];
    moveWhenSettled(m, () => moves.push('now'));
    expect(moves).toEqual(['now']);
  });

  it('waits for the animation to end, after its events, and only the newest one asked for happens', async () => {
    const m = newMap();
    trackZoomAnimations(m);
    const seen: string[] = [];
    m.on('zoomend', () => seen.push('zoomend'));
    m.fire('zoomanim', { center: m.getCenter(), zoom: 5, noUpdate: false });
    moveWhenSettled(m, () => seen.push('first pick'));
    moveWhenSettled(m, () => seen.push('second pick'));
    await Promise.resolve();
    expect(seen).toEqual([]);
    m.fire('zoomend');
    expect(seen).toEqual(['zoomend']);
    await Promise.resolve();
    expect(seen).toEqual(['zoomend', 'second pick']);
    // Over: the next one is at once, and the one that waited does not come again.
    moveWhenSettled(m, () => seen.push('third pick'));
    m.fire('zoomend');
    await Promise.resolve();
    expect(seen).toEqual(['zoomend', 'second pick', 'third pick', 'zoomend']);
  });

  it('moves the real view to where it was asked, not where the animation was going', async () => {
    const m = newMap();
    trackZoomAnimations(m);
    m.fire('zoomanim', { center: m.getCenter(), zoom: 3, noUpdate: false });
    moveWhenSettled(m, () => m.setView([48.1, 11.5], 13, { animate: false }));
    expect(m.getZoom()).toBe(4);
    m.fire('zoomend');
    await Promise.resolve();
    expect(m.getZoom()).toBe(13);
    expect(m.getCenter().lat).toBeCloseTo(48.1, 5);
    expect(m.getCenter().lng).toBeCloseTo(11.5, 5);
  });

  it('is dropped when the map goes before the animation has ended', async () => {
    const m = newMap();
    const untrack = trackZoomAnimations(m);
    const moves: string[] = [];
    m.fire('zoomanim', { center: m.getCenter(), zoom: 5, noUpdate: false });
    moveWhenSettled(m, () => moves.push('pick'));
    m.fire('zoomend');
    untrack();
    await Promise.resolve();
    expect(moves).toEqual([]);
  });

  it('is at once again when the map no longer follows its animations', () => {
    const m = newMap();
    const untrack = trackZoomAnimations(m);
    m.fire('zoomanim', { center: m.getCenter(), zoom: 5, noUpdate: false });
    untrack();
    const moves: string[] = [];
    moveWhenSettled(m, () => moves.push('now'));
    expect(moves).toEqual(['now']);
  });
});
