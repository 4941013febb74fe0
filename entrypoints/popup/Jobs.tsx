import { useCallback, useEffect, useState } from 'preact/hooks';
import { useNow } from '../../components/hooks/useNow';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { isPending, MODE_LABEL } from '../../utils/labels';
import { panelUrl } from '../../utils/panel-link';
import type { JobReply } from '../../utils/panel-replies';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';
import { TabLink } from './TabLink';

type Props = { send: PageSend; openTab: (url: string) => void; listen: Listen };

const STATUS: Record<JobReply['status'], string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
  lost: 'Lost',
};
const SHOWN = 6;

const pending = isPending;

/** The page the panel opens on with its Analysis tab. */
export function analysisUrl(videoId: string): string {
  return panelUrl(videoId, 'analysis');
}

/** Running analyses first, then the most recent finished ones. */
function pick(jobs: JobReply[]): JobReply[] {
  const running = jobs.filter(pending);
  const ended = jobs.filter((job) => !pending(job));
  return [...running, ...ended].slice(0, Math.max(SHOWN, running.length));
}

function timing(job: JobReply, now: number): string | null {
  if (pending(job)) return `${formatTime((now - job.startedAt) / 1000)} elapsed`;
  if (job.endedAt === null) return null;
  const took = formatTime((job.endedAt - job.startedAt) / 1000);
  return job.status === 'ready' ? `took ${took}` : `after ${took}`;
}

function JobItem({ job, now, openTab }: { job: JobReply; now: number; openTab: (url: string) => void }) {
  const url = analysisUrl(job.videoId);
  const time = timing(job, now);
  return (
    <li class="job" data-status={job.status}>
      <TabLink url={url} openTab={openTab}>
        <span class="job-title">{job.title ?? job.videoId}</span>
        <span class="job-meta">
          <span class="job-status">{STATUS[job.status]}</span>
          {` · ${MODE_LABEL[job.mode]}${job.partial ? ' (allowed minutes)' : ''}`}
          {time && <span aria-live="off">{` · ${time}`}</span>}
        </span>
        {job.error && <span class="job-error">{job.error.message}</span>}
      </TabLink>
    </li>
  );
}

/** Analyses in progress and recently finished; refreshed whenever the background says one changed. */
export function Jobs({ send, openTab, listen }: Props) {
  const [jobs, setJobs] = useState<JobReply[] | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);

  const load = useCallback(async () => {
    const reply = await send({ type: 'jobs.list' });
    if (reply.ok) {
      setJobs(reply.data);
      setError(null);
    } else setError(reply.error);
  }, [send]);

  useEffect(() => {
    void load();
    return listen((message) => {
      if (message.type === 'analysis.updated') void load();
    });
  }, [load, listen]);

  const shown = pick(jobs ?? []);
  const now = useNow(shown.some(pending));

  return (
    <section class="jobs" aria-labelledby="jobs-title">
      <h2 id="jobs-title">Analyses</h2>
      {error && <ErrorAlert error={error} />}
      {jobs === null && !error && <p class="muted">Loading…</p>}
      {jobs !== null && shown.length === 0 && (
        <p class="muted">
          No analyses yet. Open a video and use the Analysis tab, or right-click a video link → Analyze this video.
        </p>
      )}
      {shown.length > 0 && (
        <ul class="job-list">
          {shown.map((job) => (
            <JobItem key={job.videoId} job={job} now={now} openTab={openTab} />
          ))}
        </ul>
      )}
    </section>
  );
}
