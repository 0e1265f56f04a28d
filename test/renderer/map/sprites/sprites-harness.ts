import { buildSpriteAtlas } from '../../../../src/renderer/src/features/map/marker-sprites';
import { MARKER_PALETTE } from '../../../../src/renderer/src/features/map/map-palette';
import type { PixelSprite } from '../../../../src/renderer/src/features/map/pixel-frame';

/** One sprite as the map will draw it: in how many pieces, and where its middle lies from the marker's place. */
export interface SpriteShape {
  readonly state: number;
  readonly column: number;
  readonly pieces: number;
  /** The middle of its clearly visible pixels (alpha > 64), in device pixels from the marker's place. */
  readonly middle: readonly [number, number];
  readonly size: readonly [number, number];
}

/** Groups of touching (8-neighbour) visible pixels. */
function shape(sprite: PixelSprite, state: number, column: number): SpriteShape {
  const seen = new Set<string>();
  const visible = new Set<string>();
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < sprite.dx.length; i++) {
    if (sprite.alpha[i]! <= 64) continue;
    const x = sprite.dx[i]!;
    const y = sprite.dy[i]!;
    visible.add(`${x},${y}`);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  let pieces = 0;
  for (const start of visible) {
    if (seen.has(start)) continue;
    pieces++;
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const [x, y] = stack.pop()!.split(',').map(Number) as [number, number];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const k = `${x + dx},${y + dy}`;
          if (visible.has(k) && !seen.has(k)) {
            seen.add(k);
            stack.push(k);
          }
        }
    }
  }
  return {
    state,
    column,
    pieces,
    middle: [(x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2],
    size: [x1 - x0 + 1, y1 - y0 + 1],
  };
}

const dpr = Number(new URLSearchParams(location.search).get('dpr') ?? '1');
const palette = MARKER_PALETTE.light;
const atlas = buildSpriteAtlas(palette, dpr, palette.state.length);
const shapes = atlas.pixels.flatMap((row, state) =>
  row.map((sprite, column) => shape(sprite, state, column)),
);
(window as unknown as { spriteShapes: SpriteShape[] }).spriteShapes = shapes;
