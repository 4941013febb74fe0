import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import { Offers } from './Offers';

type Props = {
  error: ReplyError;
  /** Offered where the fix lives in the options (token, service address). */
  onOpenOptions?: () => void;
  onRetry?: () => void;
};

// Codes whose fix is in the options page: the token, or the service address.
const FIX_IN_OPTIONS = new Set(['unauthorized', 'no_token', 'unsupported_transport', 'network']);
const RETRYABLE = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server_error',
  'service_unavailable',
  'disconnected',
]);

/** A reply error as the sentence the background wrote, with the next step as a button where there is one. */
export function ErrorAlert({ error, onOpenOptions, onRetry }: Props) {
  const text = error.message.trim() || t('errors.generic');
  const options = onOpenOptions && FIX_IN_OPTIONS.has(error.code);
  const retry = onRetry && RETRYABLE.has(error.code);
  return (
    <div class="alert" role="alert" data-code={error.code}>
      <p>{text}</p>
      <Offers code={error.code} />
      {(options || retry) && (
        <p class="alert-actions">
          {options && (
            <button type="button" onClick={onOpenOptions}>
              {t('panel.openOptions')}
            </button>
          )}
          {retry && (
            <button type="button" onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
