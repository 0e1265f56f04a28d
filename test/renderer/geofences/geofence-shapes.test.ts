import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import {
  geofenceProblems,
  layerOfShape,
  outlineProblem,
  shapeOfLayer,
} from '../../../src/renderer/src/features/geofences/geofence-shapes';
import type { GeofenceShape } from '../../../src/shared/interface';

const square: GeofenceShape = {
  type: 'polygon',
  points: [
    { latitude: 45.46, longitude: 9.18 },
    { latitude: 45.46, longitude: 9.19 },
    { latitude: 45.47, longitude: 9.19 },
    { latitude: 45.47, longitude: 9.18 },
  ],
};
const bowtie: GeofenceShape = {
  type: 'polygon',
  points: [
    { latitude: 45.46, longitude: 9.18 },
    { latitude: 45.47, longitude: 9.19 },
    { latitude: 45.46, longitude: 9.19 },
    { latitude: 45.47, longitude: 9.18 },
  ],
};

describe('geofence shapes on the map', () => {
  it('reads back the shape of a polygon and of a circle as Leaflet holds them', () => {
    expect(shapeOfLayer(layerOfShape(square, { color: '#2f80ed' }))).toEqual(square);
    const circle: GeofenceShape = {
      type: 'circle',
      center: { latitude: 45.46, longitude: 9.18 },
      radius_m: 300,
    };
    expect(shapeOfLayer(layerOfShape(circle, { color: '#2f80ed' }))).toEqual(circle);
    expect(shapeOfLayer(L.marker([45, 9]))).toBeNull();
  });

  it('finds what the service would refuse before anything is sent, keyed by the paths of its 400', () => {
    expect(geofenceProblems({ name: 'Yard', color: '#2f80ed', shape: square })).toEqual({});
    expect(outlineProblem(bowtie)).toBe('the outline crosses itself (edges 1 and 3)');
    expect(geofenceProblems({ name: 'Yard', color: '#2f80ed', shape: bowtie })).toEqual({
      'shape.points': ['the outline crosses itself (edges 1 and 3)'],
    });
    expect(
      geofenceProblems({
        name: ' ',
        color: '#2f80ed',
        shape: { ...square, points: square.points.slice(0, 2) },
      }),
    ).toEqual({ name: ['must not be empty'], 'shape.points': ['a polygon needs at least 3 points'] });
    expect(
      geofenceProblems({
        name: 'Gate',
        shape: { type: 'circle', center: { latitude: 95, longitude: 9 }, radius_m: 0 },
      }),
    ).toEqual({
      'shape.center.latitude': [expect.stringMatching(/90/)],
      'shape.radius_m': ['must be more than 0'],
    });
  });
});
