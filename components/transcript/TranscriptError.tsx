import type { TranscriptFailed } from '../../utils/panel-replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import { isPersonAct } from '../consent';
import { Offers } from '../page/Offers';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function audioOfferSentence(offer: NonNullable<TranscriptFailed['audioOffer']>): string {
  const where = offer.paidPlanNeeded ? 'on paid plans (or with an AI Unit top-up)' : 'on your plan';
  return `Transcription from the video’s audio is available ${where} at ${plural(offer.aiUnitsPerMinute, 'AI Unit')} per minute + ${plural(offer.cloudRequests, 'Cloud Request')}.`;
}

type Props =
  | { kind: 'failed'; failure: TranscriptFailed; autoRetrying: boolean; onRetry: () => void }
  | { kind: 'error'; error: ReplyError; onRetry: () => void };

/** Why there is no transcript, and what can be done: retry, or the audio transcription offer. */
export function TranscriptError(props: Props) {
  if (props.kind === 'error') {
    return (
      <div class="tl-transcript-error">
        <p role="alert" class="tl-error">
          {props.error.message}
        </p>
        <Offers code={props.error.code} class="tl-offers tl-muted" />
        {RETRYABLE_REQUEST.has(props.error.code) && (
          <button type="button" class="tl-button" onClick={(event) => isPersonAct(event) && props.onRetry()}>
            Retry
          </button>
        )}
      </div>
    );
  }
  const { failure, autoRetrying, onRetry } = props;
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
          <button type="button" class="tl-button" onClick={(event) => isPersonAct(event) && onRetry()}>
            Retry
          </button>
          {autoRetrying && <span class="tl-muted"> Trying again by itself in 30 seconds.</span>}
        </p>
      )}
      <p class="tl-muted">Failed lookups are free: nothing was charged.</p>
    </div>
  );
}
