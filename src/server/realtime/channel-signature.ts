import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pusher's channel authorization: `<app_key>:<hex HMAC-SHA256(secret, string_to_sign)>`,
 * where string_to_sign is `socket_id:channel_name`, or `socket_id:channel_name:channel_data`
 * when the auth endpoint also returned channel_data (presence channels in Pusher; here also
 * the asset filter of a restricted user on the account channel, see live-audience.ts).
 */
export function signChannel(
  appKey: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  return `${appKey}:${hexSignature(secret, socketId, channel, channelData)}`;
}

/** Constant-time check of a presented `auth` string. */
export function verifyChannelSignature(
  auth: string,
  appKey: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  const expected = Buffer.from(signChannel(appKey, secret, socketId, channel, channelData), 'utf8');
  const presented = Buffer.from(auth, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time independent of the input.
  if (presented.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(presented, expected);
}

function hexSignature(secret: string, socketId: string, channel: string, channelData?: string): string {
  const toSign =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return createHmac('sha256', secret).update(toSign, 'utf8').digest('hex');
}
