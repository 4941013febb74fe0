import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { TranscriptFailed } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import { isPersonAct } from '../consent';
import { PanelAlert } from '../page/Offers';
import { GateRefusal, gateRefusal } from '../spend-gate';

/**
 * Request-level codes worth trying again (the others need the person to change something first). An answer
 * that never arrived readable may have been charged: its sentence gives the price, and Retry is the person's.
 */
const RETRYABLE_REQUEST = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server_error',
  'consent_required',
  'bad_response',
  'unknown_outcome',
]);

export function audioOfferSentence(offer: NonNullable<TranscriptFailed['audioOffer']>): string {
  return t('panel.tr.audioOffer', {
    paid: offer.paidPlanNeeded ? 'yes' : 'no',
    units: offer.aiUnitsPerMinute,
    cr: offer.cloudRequests,
  });
}

type Props =
  | { kind: 'failed'; failure: TranscriptFailed; autoRetrying: boolean; onRetry: () => void }
  | { kind: 'error'; error: ReplyError; onRetry: () => void };

/** Why there is no transcript, and what can be done: retry, or the audio transcription offer. */
export function TranscriptError(props: Props) {
  const [refused, setRefused] = useState<string | null>(null);
  // A retry spends like Load: only from a frame seen whole for a moment (components/spend-gate.ts).
  const retry = (event: MouseEvent) => {
    if (!isPersonAct(event)) return;
    const refusal = gateRefusal();
    setRefused(refusal);
    if (!refusal) props.onRetry();
  };
  if (props.kind === 'error') {
    return (
      <div class="tl-transcript-error">
        <PanelAlert error={props.error} />
        {RETRYABLE_REQUEST.has(props.error.code) && (
          <button type="button" class="tl-button" onClick={retry}>
            {t('panel.tr.retry')}
          </button>
        )}
        <GateRefusal text={refused} />
      </div>
    );
  }
  const { failure, autoRetrying } = props;
  return (
    <div class="tl-transcript-error">
      <p role="alert" class="tl-error">
        {failure.message}
      </p>
      {failure.code === 'no_transcript' && failure.audioOffer && (
        <p class="tl-note">{audioOfferSentence(failure.audioOffer)}</p>
      )}
      {failure.retryable && (
        <p class="tl-retry">
          <button type="button" class="tl-button" onClick={retry}>
            {t('panel.tr.retry')}
          </button>
          {autoRetrying && <span class="tl-muted"> {t('panel.tr.autoRetry')}</span>}
        </p>
      )}
      <GateRefusal text={refused} />
      <p class="tl-muted">{t('panel.tr.free')}</p>
    </div>
  );
}
