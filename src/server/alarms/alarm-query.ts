import { z } from 'zod';
import { ALARM_SEVERITIES, ALERT_KINDS, idParam, pageParam, perPageParam } from '../../shared/interface';

/**
 * GET /api/{account}/alarm's query (src/shared/interface/alarms.ts): spec 4.2
 * paging, whole numbers in canonical decimal only (decimal-integer.ts), and
 * every filter refused with a 400 on its name when it is not one of its values.
 */
export const alarmListQuerySchema = z.object({
  page: pageParam,
  per_page: perPageParam,
  since: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 timestamp such as 2026-03-10T08:00:00Z' })
    .optional()
    .meta({ description: 'Alarms raised at or after this instant' }),
  asset_id: idParam.optional(),
  kind: z.enum(ALERT_KINDS).optional(),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  acknowledged: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
