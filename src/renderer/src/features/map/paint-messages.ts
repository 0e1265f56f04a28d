import { z } from 'zod';

/**
 * What the page and the worker that paints the fleet's canvas say to each other (fleet-paint.worker.ts):
 * each side parses what it receives, a message it cannot read is a failure, and the page draws the map
 * itself again (docs/architecture.md "The renderer").
 */

const finite = z.number().finite();
const px = z
  .number()
  .int()
  .min(0)
  .max(1 << 15);
const dpr = z.number().positive().max(16);

export const paletteSchema = z.object({
  state: z.array(z.string()).max(16),
  outline: z.string(),
  labelText: z.string(),
  labelBack: z.string(),
  selection: z.string(),
  clusterFill: z.string(),
  clusterRing: z.string(),
  clusterText: z.string(),
});

const rectSchema = z.object({
  x0: z.number().int(),
  y0: z.number().int(),
  x1: z.number().int(),
  y1: z.number().int(),
});

/** A typed array of finite numbers (NaN or Infinity would draw nothing, or everywhere). */
const finiteFloats = z
  .instanceof(Float64Array)
  .refine((a) => a.every((v) => Number.isFinite(v)), 'numbers must be finite');

const deltaSchema = z.object({
  width: px,
  height: px,
  dpr,
  count: z.number().int().min(0),
  moveBy: z.tuple([z.number().int(), z.number().int()]).nullable(),
  fresh: z.boolean(),
  changes: z.instanceof(Int32Array).refine((c) => c.length % 4 === 0, 'changes come in fours'),
});

const overlaySchema = z.object({
  badges: finiteFloats.refine((a) => a.length % 3 === 0, 'badges come in threes'),
  fan: z
    .object({ cx: finite, cy: finite, offsets: z.array(z.tuple([finite, finite])), sprites: z.array(finite) })
    .nullable(),
  labels: z.array(z.object({ x: finite, y: finite, rank: finite, name: z.string() })).nullable(),
  selected: z
    .object({
      x: finite,
      y: finite,
      state: z.number().int().min(0),
      column: z.number().int().min(0),
      name: z.string(),
    })
    .nullable(),
});

export const toPainterSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('canvas'),
    // Only a worker has to know OffscreenCanvas: the page may lack it (happy-dom) and never reads this.
    canvas: z.custom<OffscreenCanvas>(
      (v) => typeof OffscreenCanvas !== 'undefined' && v instanceof OffscreenCanvas,
      'not an OffscreenCanvas',
    ),
  }),
  // The palette comes on its own, when it changes (a theme switch), not with every frame.
  z.object({ kind: z.literal('palette'), palette: paletteSchema }),
  z.object({
    kind: z.literal('frame'),
    delta: deltaSchema,
    overlay: overlaySchema,
    shown: rectSchema,
  }),
  z.object({
    kind: z.literal('clustered'),
    frame: z.object({
      width: px,
      height: px,
      dpr,
      scene: finiteFloats.refine((a) => a.length % 5 === 0, 'the scene comes in fives'),
    }),
    overlay: overlaySchema,
  }),
  z.object({ kind: z.literal('pixels'), id: z.number().int() }),
]);
export type ToPainter = z.infer<typeof toPainterSchema>;

export const fromPainterSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pixels'),
    id: z.number().int(),
    width: px,
    height: px,
    data: z.instanceof(Uint8ClampedArray),
  }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type FromPainter = z.infer<typeof fromPainterSchema>;
