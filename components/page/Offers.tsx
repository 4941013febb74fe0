import { balanceOfRefusal, type OfferBalance, offerSentences } from '../../utils/account/offers';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';

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

/** A reply error in the panel: the background's sentence as an alert, then the offers if a balance ran out. */
export function PanelAlert({ error }: { error: Pick<ReplyError, 'message' | 'code'> }) {
  return (
    <>
      <p class="tl-error" role="alert">
        {error.message}
      </p>
      <Offers code={error.code} class="tl-offers tl-muted" />
    </>
  );
}
