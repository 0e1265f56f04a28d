import { placeLabels, type LabelBox } from './label-placement';
import {
  drawCluster,
  drawFanLegs,
  drawLabel,
  drawSelection,
  drawStackBadge,
  labelBox,
  labelWidth,
  selectionBox,
  stackBadgeBox,
  type Ctx2D,
  type Palette,
} from './marker-drawing';
import { drawSprite, type SpriteAtlas } from './marker-sprites';
import { fanReach } from './spiderfy';

/** A box in CSS pixels of the canvas. */
export interface CssBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * What is drawn over the markers, described rather than drawn: the layer finds it on the page (it owns the
 * stacks, the names and the selection) and whatever paints the canvas draws it, on the page or in a worker
 * (docs/architecture.md "The renderer"). All in CSS pixels of the canvas.
 */
export interface MarkerOverlay {
  /**
   * Each closed stack's count on its top marker: x, y, count, one after another. A typed array: a national
   * fleet's city shows hundreds, and posting one to a worker copies its bytes, not each number.
   */
  readonly badges: Float64Array;
  /** The open stack: its spot, its legs' offsets and its vehicles' sprites (state, column, x, y, one after another). */
  readonly fan: {
    readonly cx: number;
    readonly cy: number;
    readonly offsets: readonly (readonly [number, number])[];
    readonly sprites: readonly number[];
  } | null;
  /** Names that may show (few markers on screen): null draws none. Rank −1 keeps a place for the selected asset's own. */
  readonly labels:
    | readonly { readonly x: number; readonly y: number; readonly rank: number; readonly name: string }[]
    | null;
  /** The selected asset: its marker ringed and named over everything. */
  readonly selected: {
    readonly x: number;
    readonly y: number;
    readonly state: number;
    readonly column: number;
    readonly name: string;
  } | null;
}

export const NO_OVERLAY: MarkerOverlay = {
  badges: new Float64Array(0),
  fan: null,
  labels: null,
  selected: null,
};

/** A fanned vehicle's sprite reaches this far past its place (the fan's box, for redrawing under it). */
const FAN_MARGIN_PX = 14;

const meets = (a: CssBox, b: CssBox): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The stack counts and the open fan, only what meets `regions` (the pixels the paint just handed over;
 * null: all), clipped to them: the rest of the canvas still shows them. No clip set up when nothing is to
 * be drawn.
 */
export function drawDecorations(
  ctx: Ctx2D,
  overlay: MarkerOverlay,
  regions: readonly CssBox[] | null,
  palette: Palette,
  atlas: SpriteAtlas,
): void {
  const within = (b: CssBox): boolean => !regions || regions.some((r) => meets(b, r));
  const b = overlay.badges;
  const badges: number[] = [];
  for (let k = 0; k + 2 < b.length; k += 3) if (within(stackBadgeBox(b[k]!, b[k + 1]!))) badges.push(k);
  const f = overlay.fan;
  const r = f ? fanReach(f.offsets) + FAN_MARGIN_PX : 0;
  const fan = f && within({ x0: f.cx - r, y0: f.cy - r, x1: f.cx + r, y1: f.cy + r }) ? f : null;
  if (badges.length === 0 && !fan) return;
  ctx.save();
  if (regions) {
    ctx.beginPath();
    for (const g of regions) ctx.rect(g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0);
    ctx.clip();
  }
  for (const k of badges) drawStackBadge(ctx, b[k]!, b[k + 1]!, b[k + 2]!, palette);
  if (fan) {
    drawFanLegs(ctx, fan.cx, fan.cy, fan.offsets, palette);
    const s = fan.sprites;
    for (let k = 0; k + 3 < s.length; k += 4) drawSprite(ctx, atlas, s[k]!, s[k + 1]!, s[k + 2]!, s[k + 3]!);
  }
  ctx.restore();
}

/**
 * The names of the markers in view, none over another: the lesser is dropped (lower rank first, then
 * order). The selected asset's name is drawn with its ring (drawSelected), and keeps its place first.
 */
export function drawLabels(ctx: Ctx2D, labels: NonNullable<MarkerOverlay['labels']>, palette: Palette): void {
  const boxes: LabelBox[] = labels.map((l) => ({
    ...labelBox(l.x, l.y, labelWidth(ctx, l.name)),
    rank: l.rank,
  }));
  for (const k of placeLabels(boxes)) {
    const l = labels[k]!;
    if (l.rank >= 0) drawLabel(ctx, l.x, l.y, l.name, palette);
  }
}

/** The selected asset ringed and named; answers the box drawn over. */
export function drawSelected(
  ctx: Ctx2D,
  selected: NonNullable<MarkerOverlay['selected']>,
  palette: Palette,
  atlas: SpriteAtlas,
): CssBox {
  const { x, y, name } = selected;
  drawSprite(ctx, atlas, selected.state, selected.column, x, y);
  drawSelection(ctx, x, y, palette);
  drawLabel(ctx, x, y, name, palette);
  return selectionBox(ctx, x, y, name);
}

/** Kinds of what a clustered frame draws, in ClusterScene. */
export const SCENE_CLUSTER = 0;
export const SCENE_SPRITE = 1;

/**
 * A clustered frame's discs and lone markers, in the order drawn (later over earlier): kind, x, y, then a
 * cluster's count and 0, or a marker's state and heading column; five numbers each.
 */
export type ClusterScene = number[];

export function drawClusterScene(
  ctx: Ctx2D,
  scene: ArrayLike<number>,
  palette: Palette,
  atlas: SpriteAtlas,
): void {
  for (let k = 0; k + 4 < scene.length; k += 5) {
    const x = scene[k + 1]!;
    const y = scene[k + 2]!;
    if (scene[k] === SCENE_CLUSTER) drawCluster(ctx, x, y, scene[k + 3]!, palette);
    else drawSprite(ctx, atlas, scene[k + 3]!, scene[k + 4]!, x, y);
  }
}
