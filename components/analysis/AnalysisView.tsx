import '../panel-views.css';
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { normalizeArtifact } from '../../utils/api/read/artifact';
import { t } from '../../utils/i18n/catalogue';
import type { AnalysisState, JobReply } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';
import { knownDuration, type SeekPlayer } from '../player';
import { ArtifactSections } from './ArtifactSections';
import { failureText, isPendingJob, JobProgress } from './JobProgress';
import { NotRetryable } from './NotRetryable';
import { StartForm } from './StartForm';

export type AnalysisViewProps = {
  videoId: string;
  send: Send;
  player: SeekPlayer;
  /** Changes when the background says this video's analysis changed: re-query. */
  refreshKey?: number;
  title?: string | null;
};

/** While a job runs, also ask every 5 s: it wakes a stopped service worker and catches a missed push. */
export const PENDING_REFRESH_MS = 5000;

type Loaded = { state: AnalysisState | null; error: ReplyError | null };

export const importedNote = (): string => t('panel.an.imported');
export const unnumberedNote = (): string => t('panel.an.unnumbered');

export function AnalysisView({ videoId, send, player, refreshKey, title }: AnalysisViewProps) {
  const sendRef = useLatest(send);
  const [loaded, setLoaded] = useState<Loaded>({ state: null, error: null });
  const [retryOf, setRetryOf] = useState<JobReply | null>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const reply = await sendRef.current({ type: 'analysis.get', videoId });
    if (mine !== seq.current) return;
    // A failed re-query keeps what is shown; only a first failure is worth an alert.
    setLoaded((prev) =>
      reply.ok ? { state: reply.data, error: null } : { state: prev.state, error: prev.state ? null : reply.error },
    );
  }, [videoId, sendRef]);

  useEffect(() => {
    setLoaded({ state: null, error: null });
    setRetryOf(null);
    return () => {
      seq.current++;
    };
  }, [videoId]);

  // `refreshKey` is the re-query trigger.
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const job = loaded.state?.job ?? null;
  const pending = job !== null && isPendingJob(job);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, load]);

  const duration = knownDuration(player);
  const ready = job?.status === 'ready';
  const artifact = loaded.state?.artifact;
  const shown = useMemo(
    () => (ready ? normalizeArtifact(artifact, { durationSeconds: duration }) : null),
    [ready, artifact, duration],
  );

  const onStarted = (started: JobReply) => {
    setRetryOf(null);
    seq.current++;
    setLoaded({ state: { job: started, artifact: null }, error: null });
    if (started.status === 'ready') void load();
  };
  const seek = (seconds: number) => player.seek(seconds);
  const startForm = (retry?: JobReply | null) => (
    <StartForm
      key={videoId}
      videoId={videoId}
      send={send}
      player={player}
      title={title}
      initialMode={retry?.mode}
      initialPartial={retry?.partial}
      onStarted={onStarted}
    />
  );
  const lookAgain = async () => {
    const reply = await sendRef.current({ type: 'analysis.recheck', videoId });
    if (reply.ok && reply.data) onStarted(reply.data);
  };

  // Said where the tab offers a start: pressing it again after a start that may have got through is free.
  const unsure = loaded.state?.unsureStart && (
    <p class="tl-note tl-unsure-start" role="note">
      {t('panel.an.unsureStart')}
    </p>
  );
  let body: ComponentChildren;
  if (loaded.error)
    body = (
      <div class="tl-error" role="alert">
        <p>{loaded.error.message}</p>
        <button type="button" class="tl-button" onClick={() => void load()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (!loaded.state) body = <p class="tl-muted">{t('panel.loading')}</p>;
  else if (!job || retryOf)
    body = (
      <>
        {!job && <p class="tl-muted">{t('panel.an.intro')}</p>}
        {retryOf && <NotRetryable job={retryOf} withReason />}
        {unsure}
        {startForm(retryOf)}
      </>
    );
  else {
    const failure = failureText(job);
    // Any ended job can be started again (with its cost shown first); one polling gave up on can be looked at again.
    const canRetry = job.status === 'lost' || job.status === 'failed';
    const canLookAgain = job.status === 'lost' && job.error?.code !== 'not_found';
    // An analysis imported from a file is read here, but its job is not this account's: it can be analyzed anew.
    const imported = job.source === 'import';
    const unnumbered = job.source === 'unnumbered';
    body = (
      <>
        <JobProgress job={job} />
        {(imported || unnumbered) && (
          <>
            <p class="tl-note">{imported ? importedNote() : unnumberedNote()}</p>
            {startForm()}
          </>
        )}
        {failure && (
          <p class="tl-error" role="alert">
            {failure}
          </p>
        )}
        {loaded.state?.storageProblem && <p class="tl-note">{loaded.state.storageProblem}</p>}
        {canLookAgain && (
          <button type="button" class="tl-button" onClick={() => void lookAgain()}>
            {t('panel.an.lookAgain')}
          </button>
        )}
        {canRetry && <NotRetryable job={job} withReason={!failure} />}
        {canRetry && unsure}
        {canRetry && (
          <button type="button" class="tl-button" onClick={() => setRetryOf(job)}>
            {t('panel.an.retry')}
          </button>
        )}
        {shown && <ArtifactSections artifact={shown} onSeek={seek} />}
      </>
    );
  }
  return <div class="tl-analysis">{body}</div>;
}
