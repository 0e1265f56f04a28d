import { z } from 'zod';
import type { InvokeFrame } from './socket-protocol';

/** What the host accepts from a page; everything else is answered with an error frame or dropped. */
export const invokeFrameSchema = z.object({
  type: z.literal('invoke'),
  id: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  method: z.string().min(1).max(100),
  args: z.unknown().optional(),
}) satisfies z.ZodType<InvokeFrame>;
