import '../panel-views.css';
import './ask.css';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { normalizeArtifact } from '../../utils/api/read/artifact';
import { t } from '../../utils/i18n/catalogue';
import type { AnalysisState } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import type { NotesApi } from '../notes/useNotes';
import { WithNotes } from '../notes/WithNotes';
import { PanelAlert } from '../page/Offers';
import { knownDuration, nowOf, type SeekPlayer } from '../player';
import { gateRefusal } from '../spend-gate';
import { AnswerCard } from './AnswerCard';
import { AskGate } from './AskGate';
import { QuestionForm } from './QuestionForm';
import { UnsureList } from './UnsureList';
import { useAskData } from './useAskData';

export type AskViewProps = {
  videoId: string;
  send: Send;
  player: SeekPlayer;
  /** Changes when the background says this video's analysis changed: re-query. */
  refreshKey?: number;
  /** Switches the panel to the Analysis tab. */
  onOpenAnalysis?: () => void;
  /** The panel's notes: an answer and a citation take a note (handed in: the tabs module has its own Preact). */
  notes?: NotesApi | null;
};

function notReadyReason(state: AnalysisState | null): string {
  if (state?.job?.source === 'import') return importedAskReason();
  if (state?.job?.source === 'unnumbered') return unnumberedAskReason();
  const status = state?.job?.status;
  if (status === 'queued' || status === 'processing') return t('panel.ask.running');
  if (status === 'failed' || status === 'lost') return t('panel.ask.unfinished');
  return t('panel.ask.notYet');
}

/** Asking posts to the job: one from a library file may be another account's, so it is never asked. */
export const importedAskReason = (): string => t('panel.ask.imported');

/** Asking posts to the job's number: an analysis the service sent without one cannot be asked. */
export const unnumberedAskReason = (): string => t('panel.ask.unnumbered');

function visualTimesOf(artifact: unknown, durationSeconds?: number): number[] {
  return normalizeArtifact(artifact, { durationSeconds })
    .evidence.filter((e) => e.kind === 'visual' && e.time !== null)
    .map((e) => e.time as number);
}

/** Questions about a finished analysis, answered with citations that seek and are checked by us. */
export function AskView({ videoId, send, player, refreshKey, onOpenAnalysis, notes }: AskViewProps) {
  const data = useAskData({ videoId, send, refreshKey });
  const [question, setQuestion] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ReplyError | null>(null);
  const listEnd = useRef<HTMLDivElement>(null);

  // Ready to be asked: finished, started by this account and numbered (never imported from a file, never unnumbered).
  const ready = data.analysis?.job?.status === 'ready' && data.analysis.job.source === undefined;
  const duration = knownDuration(player);
  const artifact = data.analysis?.artifact;
  const visualTimes = useMemo(() => visualTimesOf(artifact, duration), [artifact, duration]);
  // Newest last, whatever order the history came in (the sort is stable for equal times).
  const entries = useMemo(() => [...data.entries].sort((a, b) => a.askedAt - b.askedAt), [data.entries]);

  useEffect(() => {
    setQuestion('');
    setError(null);
  }, [videoId]);

  // Only from a person's own key or click: a page script's click() or dispatched event never asks (1 AI Unit).
  const submit = async (event: Event) => {
    const text = question.trim();
    if (!text || sending || !ready || !isPersonAct(event)) return;
    // A frame not seen whole for a moment may be under a page's lure: asked nothing, the question stays.
    const refusal = gateRefusal();
    if (refusal) return setError({ code: 'not_seen', message: refusal });
    setSending(true);
    setError(null);
    const quote = await send({ type: 'ask.quote', videoId });
    const reply = quote.ok
      ? await send({ type: 'ask.send', videoId, question: text, quoteId: quote.data.quoteId })
      : quote;
    setSending(false);
    if (!reply.ok) {
      setError(reply.error); // the typed question stays
      return;
    }
    data.addEntry(reply.data);
    setQuestion('');
    requestAnimationFrame(() => listEnd.current?.scrollIntoView?.({ block: 'nearest' }));
  };

  return (
    <WithNotes notes={notes}>
      <div class="tl-ask">
        {data.analysisError && (
          <p class="tl-error" role="alert">
            {data.analysisError.message}
          </p>
        )}
        {!data.analysis && !data.analysisError && <p class="tl-muted">{t('panel.loading')}</p>}
        {ready && entries.length === 0 && <p class="tl-muted">{t('panel.ask.intro')}</p>}
        {data.analysis && !ready && <AskGate reason={notReadyReason(data.analysis)} onOpenAnalysis={onOpenAnalysis} />}
        {data.historyError && <p class="tl-muted">{t('panel.ask.history', { message: data.historyError.message })}</p>}
        {entries.length > 0 && (
          <ol class="tl-qas" aria-label={t('panel.ask.list')}>
            {entries.map((entry, i) => (
              <AnswerCard
                key={`${entry.askedAt}-${i}`}
                entry={entry}
                segments={data.segments}
                visualTimes={visualTimes}
                durationSeconds={duration}
                onSeek={(t) => player.seek(t)}
                now={() => nowOf(player)}
              />
            ))}
          </ol>
        )}
        {data.unsure.length > 0 && <UnsureList questions={data.unsure} />}
        <div ref={listEnd} />
        <QuestionForm
          question={question}
          onQuestion={setQuestion}
          ready={ready}
          sending={sending}
          onSend={(event) => void submit(event)}
        />
        {error && <PanelAlert error={error} />}
      </div>
    </WithNotes>
  );
}
