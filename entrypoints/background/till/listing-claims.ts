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
 * Listings are held per account and channel, whichever path buys them (a channel page's "List uploads", the
 * library's "Channels to list"), so the same channel asked by both at once is bought once. A purchase holds all
 * its channels or none: one that found some held releases what it got and waits, so two requests that share
 * channels never wait for each other. Channels are joined by the form they were asked in (a handle and a
 * channel id of the same channel are only known to be one after a listing).
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
      const keyOf = (c: string) => claimKey.listing(account, c);
      // Two forms that differ only in case share one key (claimKey lowercases): counted once.
      const keys = [...new Set(wanted.map(keyOf))];
      const waitedFor = new Set<string>();
      for (;;) {
        for (const k of claims.busy(keys)) waitedFor.add(k);
        // No await between the check and the hold: another purchase of the same channel waits for this one.
        const hold = claims.hold(keys);
        if (hold.held.length < keys.length) {
          hold.release();
          await claims.settled(keys);
          continue;
        }
        try {
          const toSend: string[] = [];
          for (const c of wanted) {
            if (!waitedFor.has(keyOf(c)) || !(await after.listedMeanwhile(c))) toSend.push(c);
          }
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
