import type { Page } from 'playwright-core';
import { PATIENT } from './fleetdesk-app';

/** The live map's view as LiveMap.vue writes it on its element (data-view: lat,lon,zoom). */
export interface MapView {
  readonly lat: number;
  readonly lon: number;
  readonly zoom: number;
  /** The map element's box on the page. */
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

const STILL_MS = 400;

/** The view once the map has stopped moving (the same for a moment: no pan or zoom animation under way). */
export async function mapCoordinates(page: Page): Promise<MapView> {
  const map = page.locator('[data-testid="live-map"][data-view]');
  await map.waitFor(PATIENT);
  const deadline = Date.now() + PATIENT.timeout;
  let raw = await map.getAttribute('data-view');
  for (;;) {
    await page.waitForTimeout(STILL_MS);
    const again = await map.getAttribute('data-view');
    if (again === raw || Date.now() > deadline) break;
    raw = again;
  }
  const [lat, lon, zoom] = (raw ?? '').split(',').map(Number);
  const box = await map.boundingBox();
  if (
    lat === undefined ||
    lon === undefined ||
    zoom === undefined ||
    [lat, lon, zoom].some(Number.isNaN) ||
    !box
  )
    throw new Error(`The live map does not say its view (data-view="${raw ?? ''}").`);
  return { lat, lon, zoom, box };
}

const mx = (lon: number): number => lon / 360 + 0.5;
const my = (lat: number): number => {
  const s = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};

/** Where a coordinate is on the page (Web Mercator, as Leaflet's EPSG:3857). */
export function pagePoint(view: MapView, lat: number, lon: number): { x: number; y: number } {
  const scale = 256 * 2 ** view.zoom;
  return {
    x: view.box.x + view.box.width / 2 + (mx(lon) - mx(view.lon)) * scale,
    y: view.box.y + view.box.height / 2 + (my(lat) - my(view.lat)) * scale,
  };
}

/**
 * Drags the live map until the coordinate lies at the page point `to`: a mouse drag from the map's middle,
 * paused before the release so that Leaflet adds no inertia. `view` is the map's view now, when the caller
 * has just read it. Returns the view after it.
 */
export async function dragMapTo(
  page: Page,
  lat: number,
  lon: number,
  to: { readonly x: number; readonly y: number },
  view?: MapView,
): Promise<MapView> {
  const before = view ?? (await mapCoordinates(page));
  const at = pagePoint(before, lat, lon);
  const from = { x: before.box.x + before.box.width / 2, y: before.box.y + before.box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - at.x), from.y + (to.y - at.y), { steps: 25 });
  await page.waitForTimeout(200);
  await page.mouse.up();
  return mapCoordinates(page);
}
