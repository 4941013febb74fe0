import { useId, useRef, useState } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';
import { MAX_VIDEO_SECONDS } from '../../utils/bounds';
import { t } from '../../utils/i18n/catalogue';
import type { JobReply, QuotedEstimate } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';
import { WindowNote } from '../consent-window';
import { useLatest } from '../hooks/useLatest';
import { PanelAlert } from '../page/Offers';
import { knownDuration, type SeekPlayer } from '../player';
import { CostLine } from './CostLine';
import { ModePicker } from './ModePicker';
import { PartialChoice } from './PartialChoice';
import { RetryAlert } from './RetryAlert';
import { startState } from './start-state';
import { useEstimate } from './useEstimate';
import { usePanelContext } from './usePanelContext';
import { useStartAnalysis } from './useStartAnalysis';

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
  const button = useRef<HTMLButtonElement>(null);
  const costId = useId();

  // Whole seconds, so a player reporting 624.02 then 624.03 does not ask again.
  const duration = knownDuration(player);
  const durationSeconds = duration !== undefined && duration <= MAX_VIDEO_SECONDS ? Math.ceil(duration) : undefined;
  const priced = useEstimate({ send, videoId, mode, partial, durationSeconds });
  const { estimate, error: estimateError, loading, retry } = priced;
  const stateOf = (quoted: QuotedEstimate | null, starting: boolean) =>
    startState({ context, estimate: quoted, partial, tooLongSeen, loading, starting });
  const onTooLong = () => {
    setTooLongSeen(true);
    setPartial(true);
  };
  const mayStart = (quoted: QuotedEstimate) => stateOf(quoted, false).canStart;
  const asked = {
    send,
    videoId,
    mode,
    partial,
    durationSeconds,
    title,
    priced,
    mayStart,
    onStarted,
    onTooLong,
    button,
  };
  const { starting, alert, phase, priceChanged, press } = useStartAnalysis(asked);
  const { deepAllowed, showPartial, blockedByLength, noToken, canStart } = stateOf(estimate, starting);

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
          onClick={(event) => canStart && press(event)}
          aria-describedby={estimate ? costId : undefined}
        >
          {t('panel.start.go')}
        </button>
        {estimate && <CostLine id={costId} estimate={estimate} />}
        {!estimate && (loading || !mode) && <p class="tl-muted">{t('panel.start.checking')}</p>}
        {starting && <p class="tl-muted">{t('panel.start.starting')}</p>}
      </div>
      {priceChanged && (
        <p class="tl-cost-warn" role="alert">
          {t('panel.start.priceChanged')}
        </p>
      )}
      <WindowNote phase={phase} />
      {estimateError && <RetryAlert message={estimateError.message} label={t('panel.start.recheck')} onRetry={retry} />}
      {alert && <PanelAlert error={alert} />}
    </form>
  );
}
