import { t } from '../../utils/i18n/catalogue';
import type { JobReply } from '../../utils/panel/replies';

/**
 * A failed job the service marked `retryable: false`: said before Retry and beside the price a retry shows, so
 * nobody buys it again blind. The service's own words are text (`withReason` where no alert above shows them).
 */
export function NotRetryable({ job, withReason }: { job: JobReply; withReason: boolean }) {
  if (job.status !== 'failed' || job.error?.retryable !== false) return null;
  return (
    <div class="tl-note tl-not-retryable" role="note">
      <p>{t('panel.an.notRetryable')}</p>
      {withReason && (
        <p dir="auto">
          <q>{job.error.message}</q>
        </p>
      )}
      <p>{t('panel.an.notRetryableCost')}</p>
    </div>
  );
}
