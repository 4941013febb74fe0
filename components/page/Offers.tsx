import { balanceOfRefusal, type OfferBalance, offerSentences } from '../../utils/account/offers';
import { t } from '../../utils/i18n/catalogue';

type Props = {
  /** A reply error's code: shown only for a 402 (a balance ran out). */
  code?: string;
  /** Or the balance that is empty, as the popup sees it. */
  balance?: OfferBalance | 'both';
  class?: string;
};

/** What the service offers when a balance runs out: information, with nothing to buy here. */
export function Offers({ code, balance, class: className = 'offers' }: Props) {
  const which = balance ?? (code === undefined ? null : balanceOfRefusal(code));
  if (!which) return null;
  return (
    <ul class={className} aria-label={t('panel.offers')}>
      {offerSentences(which).map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ul>
  );
}
