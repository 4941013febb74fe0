import { t } from '../../utils/i18n/catalogue';
import { modeLabel } from '../../utils/i18n/labels';
import { isPending as isPendingJob } from '../../utils/jobs/pending';
import type { JobReply } from '../../utils/panel/replies';
import { formatTime } from '../../utils/timecode';
import { useNow } from '../hooks/useNow';

export { isPending as isPendingJob } from '../../utils/jobs/pending';

/** What went wrong with a failed or lost job, as a sentence. */
export function failureText(job: JobReply): string | null {
  if (job.status === 'lost') return job.error?.message ?? t('panel.job.lost');
  if (job.status === 'failed') return job.error?.message ?? t('panel.job.failed');
  return null;
}

function countdown(nextPollAt: number | null, now: number): string {
  if (nextPollAt === null) return t('panel.job.soon');
  const seconds = Math.ceil((nextPollAt - now) / 1000);
  return seconds > 0 ? t('panel.job.next', { n: seconds }) : t('panel.job.now');
}

/** The job's state; while it runs, the time since it started and until the next check, ticking every second. */
export function JobProgress({ job }: { job: JobReply }) {
  const pending = isPendingJob(job);
  const now = useNow(pending);
  const elapsed = formatTime(Math.max(0, (now - job.startedAt) / 1000));
  const took = job.endedAt !== null && job.status === 'ready' ? formatTime((job.endedAt - job.startedAt) / 1000) : null;
  const mode = modeLabel(job.mode);
  return (
    <div class="tl-job" data-status={job.status}>
      <p class="tl-job-status" role="status">
        <strong>{t('panel.job.status', { s: job.status })}</strong>
        {job.serviceStatus && (
          <span class="tl-muted"> {t('panel.job.says', { text: job.serviceStatus.slice(0, 40) })}</span>
        )}
        <span class="tl-muted">
          {' · '}
          {job.partial ? t('panel.job.modePart', { mode }) : t('panel.job.mode', { mode })}
        </span>
        {/* The ticking part is not re-announced every second. */}
        {pending && (
          <span aria-live="off">
            {' · '}
            {t('panel.job.elapsed', { time: elapsed })}
            {' · '}
            {countdown(job.nextPollAt, now)}
          </span>
        )}
        {took && took !== '0:00' && (
          <span class="tl-muted">
            {' · '}
            {t('panel.job.took', { time: took })}
          </span>
        )}
        {job.source === 'import' && (
          <span class="tl-muted">
            {' · '}
            {t('panel.job.imported')}
          </span>
        )}
        {job.source === 'unnumbered' && (
          <span class="tl-muted">
            {' · '}
            {t('panel.job.unnumbered')}
          </span>
        )}
      </p>
    </div>
  );
}
