import { z } from 'zod';

/** Spec 2.8; units: degrees, metres, km/h, degrees, km. */
export const locationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  altitude: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  ignition: z.boolean().nullable(),
  odometer: z.number().nullable(),
  satellites: z.int().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

/** Spec 2.8: "The element shape of history is not given separately" — we use the location shape. */
export const historyResponseSchema = z.object({
  data: z.array(locationSchema),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** History query: ISO 8601 timestamps; the longest range is our choice (docs/interface-decisions.md). */
export const HISTORY_MAX_RANGE_DAYS = 31;
export const historyQuerySchema = z
  .object({
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
  })
  .superRefine((q, ctx) => {
    const start = Date.parse(q.start);
    const end = Date.parse(q.end);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' });
    else if (end - start > HISTORY_MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `the range may not exceed ${HISTORY_MAX_RANGE_DAYS} days`,
      });
  });
