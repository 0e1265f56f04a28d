import L from 'leaflet';
import type { Outline, WorldOutlines } from './world-outlines';

export interface BaseColours {
  readonly water: string;
  readonly land: string;
  readonly coast: string;
  readonly border: string;
}

const TILE = 256;

function tracePath(ctx: CanvasRenderingContext2D, o: Outline, scale: number, ox: number, oy: number): void {
  const xy = o.xy;
  ctx.moveTo(xy[0]! * scale - ox, xy[1]! * scale - oy);
  for (let i = 2; i < xy.length; i += 2) ctx.lineTo(xy[i]! * scale - ox, xy[i + 1]! * scale - oy);
}

function overlaps(o: Outline, x0: number, y0: number, x1: number, y1: number): boolean {
  return o.maxX >= x0 && o.minX <= x1 && o.maxY >= y0 && o.minY <= y1;
}

/**
 * Country and coast outlines drawn into canvas tiles under the tile layer:
 * where a network tile loads it covers these, where it fails (no internet)
 * the outlines show through, so the map is never blank (docs/architecture.md "The renderer").
 * Leaflet caches the tiles, so panning costs nothing once drawn.
 */
export class OfflineBaseLayer extends L.GridLayer {
  private outlines: Promise<WorldOutlines> | null = null;

  constructor(
    private readonly load: () => Promise<WorldOutlines>,
    private readonly colours: () => BaseColours,
  ) {
    super({ pane: 'offlineBasePane', tileSize: TILE, keepBuffer: 4 });
  }

  /** Loaded with the first tile, once; a failure is logged and leaves plain water-coloured tiles. */
  private world(): Promise<WorldOutlines> {
    if (!this.outlines) {
      this.outlines = this.load();
      this.outlines.catch((err: unknown) => console.warn('offline base layer unavailable', err));
    }
    return this.outlines;
  }

  protected override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = document.createElement('canvas');
    // Drawn at the display's own resolution (sharp at 125 %), laid out at TILE CSS pixels.
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(TILE * dpr);
    canvas.height = Math.round(TILE * dpr);
    canvas.style.width = `${TILE}px`;
    canvas.style.height = `${TILE}px`;
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      queueMicrotask(() => done(undefined, canvas));
      return canvas;
    }
    ctx.scale(canvas.width / TILE, canvas.height / TILE);
    const c = this.colours();
    ctx.fillStyle = c.water;
    ctx.fillRect(0, 0, TILE, TILE);
    this.world().then(
      (world) => {
        drawTile(ctx, world, coords, c);
        done(undefined, canvas);
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), canvas),
    );
    return canvas;
  }
}

function drawTile(
  ctx: CanvasRenderingContext2D,
  world: WorldOutlines,
  coords: L.Coords,
  c: BaseColours,
): void {
  const scale = TILE * Math.pow(2, coords.z);
  const ox = coords.x * TILE;
  const oy = coords.y * TILE;
  const x0 = ox / scale;
  const y0 = oy / scale;
  const x1 = (ox + TILE) / scale;
  const y1 = (oy + TILE) / scale;
  ctx.beginPath();
  for (const o of world.land) if (overlaps(o, x0, y0, x1, y1)) tracePath(ctx, o, scale, ox, oy);
  ctx.fillStyle = c.land;
  ctx.fill('evenodd');
  ctx.lineWidth = 1;
  ctx.strokeStyle = c.coast;
  ctx.stroke();
  ctx.beginPath();
  for (const o of world.borders) if (overlaps(o, x0, y0, x1, y1)) tracePath(ctx, o, scale, ox, oy);
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = c.border;
  ctx.stroke();
}
