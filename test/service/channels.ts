import type { Account } from './accounts';
import { chargeCloud } from './billing';
import { BROKEN_HANDLE, findChannel, parseChannelRef, uploads } from './channels-data';
import { MESSAGES, type Refusal, refuse } from './errors';
import { PLANS } from './plans';
import { PRICES } from './prices';
import type { ChannelResult } from './response-schemas';
import type { ServiceState } from './state';

export const MAX_UPLOADS = 500;

/** Free accounts cannot list channels at all. */
export function channelPlanRefusal(account: Account): Refusal | null {
  return PLANS[account.plan].channelsPerRequest === 0 ? refuse(403, 'plan_required', MESSAGES.channelsPlan) : null;
}

/** Lists channels: 1 Cloud Request per successful listing, per-channel failures free. */
export function listChannels(
  state: ServiceState,
  account: Account,
  ids: readonly string[],
  reason: string,
): ChannelResult[] | Refusal {
  const gated = channelPlanRefusal(account);
  if (gated) return gated;
  const limits = PLANS[account.plan];
  if (ids.length > limits.channelsPerRequest) {
    return refuse(
      400,
      'bad_request',
      `Your ${limits.name} plan lists at most ${limits.channelsPerRequest} channels per request.`,
    );
  }
  const planned = ids.map((id): ChannelResult => {
    const ref = parseChannelRef(id);
    if (!ref) return { id, error: 'invalid_id', message: 'Not an @handle, channel URL or channel id (UC…).' };
    if ('handle' in ref && ref.handle === BROKEN_HANDLE) {
      return { id, error: 'internal', message: 'Listing this channel failed. Try again later.' };
    }
    const channel = findChannel(ref);
    if (!channel) return { id, error: 'channel_not_found', message: 'No channel matches this reference.' };
    const videos = uploads(channel, MAX_UPLOADS);
    return {
      id,
      channelId: channel.channelId,
      handle: `@${channel.handle}`,
      title: channel.title,
      videoCount: videos.length,
      truncated: channel.uploads > videos.length,
      videos,
    };
  });
  const delivered = planned.filter((r) => !('error' in r));
  if (delivered.length * PRICES.cloudRequestsPerListing > account.cloudRequests)
    return refuse(402, 'insufficient_cloud_requests', MESSAGES.noCloud);
  for (let i = 0; i < delivered.length; i++) chargeCloud(state, account, PRICES.cloudRequestsPerListing, reason);
  return planned;
}
