import '../panel-views.css';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { normalizeArtifact } from '../../utils/api/read/artifact';
import { t } from '../../utils/i18n/catalogue';
import type { JobReply } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';
import type { NotesApi } from '../notes/useNotes';
import { WithNotes } from '../notes/WithNotes';
import { knownDuration, nowOf, type SeekPlayer } from '../player';
import { ArtifactSections } from './ArtifactSections';
import { failureText, JobProgress } from './JobProgress';
import { NotRetryable } from './NotRetryable';
import { RetryAlert } from './RetryAlert';
import { StartForm } from './StartForm';
import { useAnalysis } from './useAnalysis';

export type AnalysisViewProps = {
  videoId: string;
  send: Send;
  player: SeekPlayer;
  /** Changes when the background says this video's analysis changed: re-query. */
  refreshKey?: number;
  title?: string | null;
  /** The panel's notes: a chapter takes a note (handed in: the tabs module has its own Preact). */
  notes?: NotesApi | null;
};

export const importedNote = (): string => t('panel.an.imported');
export const unnumberedNote = (): string => t('panel.an.unnumbered');

export function AnalysisView({ videoId, send, player, refreshKey, title, notes }: AnalysisViewProps) {
  const { loaded, job, load, started, recheck } = useAnalysis(videoId, send, refreshKey);
  const [retryOf, setRetryOf] = useState<JobReply | null>(null);
  useEffect(() => setRetryOf(null), [videoId]);

  const duration = knownDuration(player);
  const ready = job?.status === 'ready';
  const artifact = loaded.state?.artifact;
  const shown = useMemo(
    () => (ready ? normalizeArtifact(artifact, { durationSeconds: duration }) : null),
    [ready, artifact, duration],
  );

  const onStarted = (job: JobReply) => {
    setRetryOf(null);
    started(job);
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
    const found = await recheck();
    if (found) onStarted(found);
  };

  // Said where the tab offers a start: pressing it again after a start that may have got through is free.
  const unsure = loaded.state?.unsureStart && <UnsureStart />;
  let body: ComponentChildren;
  // The first question about the analysis failed.
  if (loaded.error)
    body = <RetryAlert message={loaded.error.message} label={t('common.retry')} onRetry={() => void load()} />;
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
        {shown && <ArtifactSections artifact={shown} onSeek={seek} now={() => nowOf(player)} />}
      </>
    );
  }
  return (
    <WithNotes notes={notes}>
      <div class="tl-analysis">{body}</div>
    </WithNotes>
  );
}

const UnsureStart = () => (
  <p class="tl-note tl-unsure-start" role="note">
    {t('panel.an.unsureStart')}
  </p>
);
