import type { ChannelsQuote } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';

type Props = {
  price: Extract<ChannelsQuote, { status: 'quoted' }>;
  busy: boolean;
  onBuy: (event: Event) => void;
};

/** The price of listing the pasted channels, and the button that buys it (or shows them when all are held). */
export function ChannelsPrice({ price, busy, onBuy }: Props) {
  return (
    <div class="channels-price">
      <p>
        {price.toList.length === 0
          ? t('library.channels.allHeld')
          : !price.planKnown
            ? t('library.channels.priceOneEach', { n: price.toList.length, cr: price.cloudRequests })
            : t('library.channels.price', {
                n: price.toList.length,
                cr: price.cloudRequests,
                requests: price.requests,
                per: price.perRequest,
              })}
        {price.held.length > 0 &&
          price.toList.length > 0 &&
          ` ${t('library.channels.heldFree', { n: price.held.length })}`}
        {price.balance !== null && ` ${t('library.channels.balance', { n: price.balance })}`}
      </p>
      <button type="button" disabled={busy} onClick={onBuy}>
        {price.toList.length === 0
          ? t('library.channels.show')
          : t('library.channels.list', { n: price.toList.length, cr: price.cloudRequests })}
      </button>
    </div>
  );
}
