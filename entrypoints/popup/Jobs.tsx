import { useCallback, useEffect, useState } from 'preact/hooks';
import { useNow } from '../../components/hooks/useNow';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { t } from '../../utils/i18n/catalogue';
import { modeName } from '../../utils/i18n/mode-name';
import { isPending } from '../../utils/jobs/pending';
import type { JobReply } from '../../utils/panel/replies';
import { panelUrl } from '../../utils/panel/url';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';
import { TabLink } from './TabLink';

type Props = { send: PageSend; openTab: (url: string) => void; listen: Listen };

/** A job's status in words: `popup.job.<status>`. */
const statusName = (status: JobReply['status']): string => t(`popup.job.${status}`);
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
  if (pending(job)) return t('popup.job.elapsed', { time: formatTime((now - job.startedAt) / 1000) });
  if (job.endedAt === null) return null;
  const time = formatTime((job.endedAt - job.startedAt) / 1000);
  return job.status === 'ready' ? t('popup.job.took', { time }) : t('popup.job.after', { time });
}

function JobItem({ job, now, openTab }: { job: JobReply; now: number; openTab: (url: string) => void }) {
  const url = analysisUrl(job.videoId);
  const time = timing(job, now);
  const mode = job.partial ? t('popup.job.partial', { mode: modeName(job.mode) }) : modeName(job.mode);
  return (
    <li class="job" data-status={job.status}>
      <TabLink url={url} openTab={openTab}>
        <span class="job-title" dir="auto">
          {job.title ?? job.videoId}
        </span>
        <span class="job-meta">
          <span class="job-status">{statusName(job.status)}</span>
          {` · ${mode}`}
          {time && <span aria-live="off">{` · ${time}`}</span>}
        </span>
        {job.error && (
          <span class="job-error" dir="auto">
            {job.error.message}
          </span>
        )}
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
      <h2 id="jobs-title">{t('popup.jobs.title')}</h2>
      {error && <ErrorAlert error={error} />}
      {jobs === null && !error && <p class="muted">{t('popup.loading')}</p>}
      {jobs !== null && shown.length === 0 && <p class="muted">{t('popup.jobs.none')}</p>}
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
