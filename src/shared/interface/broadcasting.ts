import { z } from 'zod';

/** Spec 4.1: channel_name and socket_id, sent as JSON or (pusher-js' default) as a form. */
export const broadcastingAuthRequestSchema = z.object({
  channel_name: z.string().min(1).max(200),
  socket_id: z.string().regex(/^\d+\.\d+$/, 'must be a Pusher socket id'),
});

/** Spec 4.1 leaves the body open; the Pusher protocol's is `{auth: "<key>:<hex hmac>"}`. */
export const broadcastingAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});
