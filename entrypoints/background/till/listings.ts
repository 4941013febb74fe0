import type { Price, SpendPath } from '../../../utils/till/journal';
import { listingPrice } from '../../../utils/till/price';
import type { TillParts } from './context';
import { createListingClaims, type ListingAfter, type ListingBought } from './listing-claims';

/** Channel listings through the till: one listing purchase at a time per account (./listing-claims.ts). */
export function createListingPurchase({ core, claims, record }: TillParts) {
  const listingClaims = createListingClaims(claims);
  return {
    /**
     * One channel listing: 1 Cloud Request when it succeeds; a per-channel failure is free. One listing purchase
     * at a time per account (./listing-claims.ts): `sent` is empty when another purchase listed it meanwhile.
     */
    async buyListing(channel: string, path: SpendPath, after: ListingAfter): Promise<ListingBought> {
      const account = await core.account();
      return listingClaims.buy(account, [channel], after, (sent) =>
        core.rest('rest', 'interactive', (client) =>
          record(
            { account, kind: 'listing', path, subject: { ids: [], channel }, price: listingPrice() },
            () => client.channels(sent),
            (r) => {
              const ok = r.results.filter((x) => typeof x.error !== 'string');
              return {
                delivered: ok.map(() => channel),
                free: ok.length > 0 ? [] : [channel],
                chargedCloudRequests: ok.length > 0 ? 1 : 0,
                chargedAiUnits: 0,
              };
            },
          ),
        ),
      );
    },

    /**
     * Several channels in one request (the caller keeps it within the plan's channels per request): 1 Cloud
     * Request per channel listed; a per-channel failure is free. A channel another purchase is listing is waited
     * for and not sent when that purchase listed it.
     */
    async buyListings(channels: string[], path: SpendPath, after: ListingAfter): Promise<ListingBought> {
      const account = await core.account();
      return listingClaims.buy(account, channels, after, (sent) => {
        const price: Price = { ...listingPrice(), cloudRequests: listingPrice().cloudRequests * sent.length };
        return core.rest('rest', 'interactive', (client) =>
          record(
            { account, kind: 'listing', path, subject: { ids: [], channel: sent.join(', ') }, price },
            () => client.channels(sent),
            (r) => {
              const ok = new Set(r.results.filter((x) => typeof x.error !== 'string').map((x) => x.id));
              const delivered = sent.filter((c) => ok.has(c));
              return {
                delivered,
                free: sent.filter((c) => !ok.has(c)),
                chargedCloudRequests: delivered.length * listingPrice().cloudRequests,
                chargedAiUnits: 0,
              };
            },
          ),
        );
      });
    },
  };
}
