import type { ChannelResponse } from '../../../utils/api/read/channels';
import { type Claims, claimKey } from './claims';

/** What a listing purchase does around its request, on the caller's side. */
export type ListingAfter = {
  /** Asked only of a channel another purchase was listing while this one waited: whether it left a fresh listing. */
  listedMeanwhile: (channel: string) => Promise<boolean>;
  /** Keeps what was delivered; runs before anyone waiting for these channels looks again. */
  keep: (response: ChannelResponse, sent: readonly string[]) => Promise<void>;
};

/** What was sent (none when every channel was listed meanwhile), and the answer. */
export type ListingBought = { sent: string[]; response: ChannelResponse | null };

/**
 * Listings are bought one purchase at a time per account, whichever path buys them (a channel page's "List
 * uploads", the library's "Channels to list"), so the same channel asked by both at once is bought once. Not per
 * channel: a handle and a channel id of the same channel are only known to be one after a listing (it files the
 * listing under the channel id the service resolved, and every form it was asked by: ../channel/aliases.ts). A
 * purchase that waited asks of each of its channels whether the one before listed it (by any form); it sends only
 * the others. One pasted list sends its unresolved forms first for the same reason (../channel/same-channel.ts).
 */
export function createListingClaims(claims: Claims) {
  return {
    async buy(
      account: string,
      channels: readonly string[],
      after: ListingAfter,
      send: (channels: string[]) => Promise<ChannelResponse>,
    ): Promise<ListingBought> {
      const wanted = [...new Set(channels)];
      const keys = [claimKey.listings(account)];
      let waited = false;
      for (;;) {
        if (claims.busy(keys).length > 0) waited = true;
        // No await between the check and the hold: another listing purchase waits for this one.
        const hold = claims.hold(keys);
        if (hold.held.length < keys.length) {
          hold.release();
          await claims.settled(keys);
          continue;
        }
        try {
          const toSend: string[] = [];
          for (const c of wanted) if (!waited || !(await after.listedMeanwhile(c))) toSend.push(c);
          if (toSend.length === 0) return { sent: [], response: null };
          const response = await send(toSend);
          await after.keep(response, toSend);
          return { sent: toSend, response };
        } finally {
          hold.release();
        }
      }
    },
  };
}
