import { useId, useRef, useState } from 'preact/hooks';
import { analysesInWindow } from '../../utils/analysis-window';
import type { AnalysisMode } from '../../utils/api/schemas';
import { MAX_TITLE_CHARS, MAX_VIDEO_SECONDS } from '../../utils/bounds';
import { t } from '../../utils/i18n/catalogue';
import type { JobReply } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import { type Settled, useConsentWindow, WindowNote } from '../consent-window';
import { useLatest } from '../hooks/useLatest';
import { PanelAlert } from '../page/Offers';
import { knownDuration, type SeekPlayer } from '../player';
import { mayDirectlySpend } from '../spend-gate';
import { CostLine } from './CostLine';
import { ModePicker } from './ModePicker';
import { PartialChoice } from './PartialChoice';
import { RetryAlert } from './RetryAlert';
import { startState } from './start-state';
import { useEstimate } from './useEstimate';
import { usePanelContext } from './usePanelContext';

type Props = {
  videoId: string;
  send: Send;
  player: SeekPlayer;
  title?: string | null;
  /** Preselected when retrying a job. */
  initialMode?: AnalysisMode;
  initialPartial?: boolean;
  onStarted: (job: JobReply) => void;
};

/** Mode, optional partial analysis, the cost, and the consent to spend it. */
export function StartForm({ videoId, send, player, title, initialMode, initialPartial, onStarted }: Props) {
  const sendRef = useLatest(send);
  const { context, mode, setMode } = usePanelContext(videoId, initialMode, sendRef);
  const [partial, setPartial] = useState(initialPartial ?? false);
  const [tooLongSeen, setTooLongSeen] = useState(initialPartial ?? false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<ReplyError | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const costId = useId();

  // Whole seconds, so a player reporting 624.02 then 624.03 does not ask again.
  const duration = knownDuration(player);
  const durationSeconds = duration !== undefined && duration <= MAX_VIDEO_SECONDS ? Math.ceil(duration) : undefined;
  const asked = { send, videoId, mode, partial, durationSeconds };
  const { estimate, error: estimateError, loading, retry } = useEstimate(asked);
  const shown = startState({ context, estimate, partial, tooLongSeen, loading, starting });
  const { deepAllowed, showPartial, blockedByLength, noToken, canStart } = shown;

  const failed = (error: ReplyError) => {
    setStartError(error);
    if (error.code === 'video_too_long') {
      setTooLongSeen(true);
      setPartial(true);
    } else if (error.code === 'insufficient_ai_units' || error.code === 'consent_required') retry();
  };

  // Above the guard (or of unknown length) the analysis is confirmed in the extension's window, never here.
  const consent = useConsentWindow(send, (settled: Settled) => {
    if (settled.state === 'done' && settled.result?.kind === 'analysis') onStarted(settled.result.job);
    else if (settled.state === 'failed') failed(settled.error);
    else button.current?.focus();
  });

  const purchase = () => ({
    videoId,
    mode: mode ?? 'smart',
    partial,
    quoteId: estimate?.quoteId ?? '',
    ...(durationSeconds === undefined ? {} : { durationSeconds }),
    ...(title ? { title: title.slice(0, MAX_TITLE_CHARS) } : {}),
  });

  const start = async () => {
    setStarting(true);
    setStartError(null);
    const reply = await sendRef.current({ type: 'analysis.start', ...purchase() });
    setStarting(false);
    if (reply.ok) onStarted(reply.data);
    else failed(reply.error);
  };

  const alert = startError ?? consent.error;

  // A real click (or Enter/Space on the focused button) only. Not a form submit: Chromium marks the submit
  // event trusted even when a page script called click() or requestSubmit().
  const onAnalyze = (event: MouseEvent) => {
    if (!canStart || !estimate || !mode || !isPersonAct(event)) return;
    setStartError(null);
    // Above the guard, from a frame not seen whole for a moment (components/spend-gate.tsx), or in Firefox, whose
    // background takes a panel's analysis only from the window (utils/analysis-window.ts): the window decides.
    const inWindow = estimate.exceedsGuard || !mayDirectlySpend() || analysesInWindow();
    if (inWindow && !estimate.alreadyPaid) void consent.open({ kind: 'analysis', ...purchase() });
    else void start();
  };

  return (
    <form class="tl-start" onSubmit={(event) => event.preventDefault()}>
      <ModePicker value={mode ?? 'smart'} deepAllowed={deepAllowed} disabled={!mode || starting} onChange={setMode} />
      {showPartial && (
        <PartialChoice partial={partial} disabled={starting} onChange={setPartial} maxMinutes={estimate?.maxMinutes} />
      )}
      {blockedByLength && <p class="tl-cost-warn">{t('panel.start.tooLong')}</p>}
      {noToken && <p class="tl-cost-warn">{t('panel.start.noToken')}</p>}
      <div class="tl-start-row">
        <button
          ref={button}
          type="button"
          class="tl-button tl-primary"
          disabled={!canStart}
          onClick={onAnalyze}
          aria-describedby={estimate ? costId : undefined}
        >
          {t('panel.start.go')}
        </button>
        {estimate && <CostLine id={costId} estimate={estimate} />}
        {!estimate && (loading || !mode) && <p class="tl-muted">{t('panel.start.checking')}</p>}
        {starting && <p class="tl-muted">{t('panel.start.starting')}</p>}
      </div>
      <WindowNote phase={consent.phase} />
      {estimateError && <RetryAlert message={estimateError.message} label={t('panel.start.recheck')} onRetry={retry} />}
      {alert && <PanelAlert error={alert} />}
    </form>
  );
}
