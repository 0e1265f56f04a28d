import type { Account, ServiceUser } from '../accounts/account';
import { accountChannelName, reportsChannelName } from '../../shared/interface';
import { encodeAssetFilter } from './asset-filter';

export type ChannelDecision =
  | { readonly allowed: true; readonly channelData?: string }
  | { readonly allowed: false; readonly message: string };

/**
 * docs/architecture.md "The local fleet service": a user may subscribe to their own account's live channel and
 * to their own reports channel, nothing else. A restricted user gets the
 * account channel filtered to their assets (spec 5), carried in channel_data.
 */
export function decideChannel(account: Account, user: ServiceUser, channel: string): ChannelDecision {
  if (channel === accountChannelName(account.key)) {
    return user.assetIds === null
      ? { allowed: true }
      : { allowed: true, channelData: encodeAssetFilter(user.id, user.assetIds) };
  }
  if (channel === reportsChannelName(account.key, user.id)) return { allowed: true };
  return { allowed: false, message: `You may not subscribe to ${channel}.` };
}
