import { isPending as isPendingJob, MODE_LABEL } from '../../utils/labels';
import type { JobReply } from '../../utils/panel-replies';
import { formatTime } from '../../utils/timecode';
import { useNow } from '../hooks/useNow';

const LABEL: Record<JobReply['status'], string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
  lost: 'Failed',
};
const LOST = 'The service no longer knows this analysis. Start it again to get a result.';

export { isPending as isPendingJob } from '../../utils/labels';

/** What went wrong with a failed or lost job, as a sentence. */
export function failureText(job: JobReply): string | null {
  if (job.status === 'lost') return job.error?.message ?? LOST;
  if (job.status === 'failed') return job.error?.message ?? 'The analysis failed.';
  return null;
}

function countdown(nextPollAt: number | null, now: number): string {
  if (nextPollAt === null) return 'checking soon';
  const seconds = Math.ceil((nextPollAt - now) / 1000);
  return seconds > 0 ? `next check in ${seconds}s` : 'checking now';
}

/** The job's state; while it runs, the time since it started and until the next check, ticking every second. */
export function JobProgress({ job }: { job: JobReply }) {
  const pending = isPendingJob(job);
  const now = useNow(pending);
  const elapsed = formatTime(Math.max(0, (now - job.startedAt) / 1000));
  const took = job.endedAt !== null && job.status === 'ready' ? formatTime((job.endedAt - job.startedAt) / 1000) : null;
  return (
    <div class="tl-job" data-status={job.status}>
      <p class="tl-job-status" role="status">
        <strong>{LABEL[job.status]}</strong>
        {job.serviceStatus && <span class="tl-muted">{` (the service says “${job.serviceStatus.slice(0, 40)}”)`}</span>}
        <span class="tl-muted">
          {' · '}
          {MODE_LABEL[job.mode]} analysis{job.partial ? ', allowed minutes only' : ''}
        </span>
        {/* The ticking part is not re-announced every second. */}
        {pending && <span aria-live="off">{` · ${elapsed} elapsed · ${countdown(job.nextPollAt, now)}`}</span>}
        {took && took !== '0:00' && <span class="tl-muted">{` · took ${took}`}</span>}
        {job.source === 'import' && <span class="tl-muted"> · imported from a library file</span>}
        {job.source === 'unnumbered' && <span class="tl-muted"> · sent without a job number</span>}
      </p>
    </div>
  );
}
