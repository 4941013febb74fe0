import type { BulkOutput, BulkQuote } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import { OutputPicker } from './OutputPicker';

type Props = {
  quote: BulkQuote;
  format: BulkOutput;
  onFormat: (format: BulkOutput) => void;
  /** The person's press on save (nothing to buy) or buy. */
  onAccept: (event: MouseEvent) => void;
  onBack: () => void;
};

/** The selection's price, its warnings and the file format, with the buttons that accept or go back. */
export function BulkQuoteForm({ quote, format, onFormat, onAccept, onBack }: Props) {
  const tooFew = quote.balance !== null && quote.balance < quote.uncached;
  return (
    <fieldset class="tl-consent" aria-label={t('channel.bulk.confirm')}>
      <p>
        {t(quote.balance === null ? 'channel.bulk.quote' : 'channel.bulk.quoteLeft', {
          selected: quote.selected,
          uncached: quote.uncached,
          price: quote.priceText,
          saved: quote.selected - quote.uncached,
          ...(quote.balance !== null && { balance: quote.balance }),
        })}
      </p>
      {tooFew && <p class="tl-cost-warn">{t('channel.bulk.short')}</p>}
      {quote.mayHaveBeenCharged > 0 && (
        <p class="tl-cost-warn">{t('channel.bulk.charged', { n: quote.mayHaveBeenCharged })}</p>
      )}
      {quote.sizeNote && <p class="tl-cost-warn">{quote.sizeNote}</p>}
      <OutputPicker value={format} onChange={onFormat} />
      <button type="button" class="tl-button tl-primary" onClick={onAccept}>
        {quote.uncached === 0 ? t('channel.bulk.save') : t('channel.bulk.buy', { n: quote.uncached })}
      </button>
      <button type="button" class="tl-button" onClick={onBack}>
        {t('channel.bulk.back')}
      </button>
    </fieldset>
  );
}
