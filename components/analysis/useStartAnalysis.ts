import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { analysesInWindow } from '../../utils/analysis-window';
import type { AnalysisMode } from '../../utils/api/schemas';
import { MAX_TITLE_CHARS } from '../../utils/bounds';
import type { JobReply, QuotedEstimate } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import { type Settled, useConsentWindow } from '../consent-window';
import { useLatest } from '../hooks/useLatest';
import { mayDirectlySpend } from '../spend-gate';
import { samePrice } from './CostLine';
import type { EstimateState } from './useEstimate';

type Args = {
  send: Send;
  videoId: string;
  mode: AnalysisMode | null;
  partial: boolean;
  durationSeconds?: number;
  title?: string | null;
  /** The price on screen, and the one being asked again when it is (useEstimate.ts). */
  priced: Pick<EstimateState, 'estimate' | 'pending' | 'retry'>;
  /** Whether the form may buy `quoted` as it stands now (start-state.ts). */
  mayStart: (quoted: QuotedEstimate) => boolean;
  onStarted: (job: JobReply) => void;
  /** The service said the video is too long: the form offers the allowed minutes. */
  onTooLong: () => void;
  /** Focused again when the window was closed without a purchase. */
  button: RefObject<HTMLButtonElement>;
};

/**
 * How a press of "Analyze video" becomes a purchase: at once below the guard, else through the extension's window;
 * what went wrong is kept for the form to say. A press made while the price is asked again is kept: it waits for
 * the new quote and buys only at the price the person saw, else says the price changed and buys nothing.
 */
export function useStartAnalysis(args: Args) {
  const { send, videoId, mode, partial, durationSeconds, title, priced } = args;
  const latest = useLatest(args);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<ReplyError | null>(null);
  const [priceChanged, setPriceChanged] = useState(false);

  const failed = (error: ReplyError) => {
    setStartError(error);
    if (error.code === 'video_too_long') latest.current.onTooLong();
    else if (error.code === 'insufficient_ai_units' || error.code === 'consent_required') priced.retry();
  };

  // Above the guard (or of unknown length) the analysis is confirmed in the extension's window, never here.
  const consent = useConsentWindow(send, (settled: Settled) => {
    if (settled.state === 'done' && settled.result?.kind === 'analysis') latest.current.onStarted(settled.result.job);
    else if (settled.state === 'failed') failed(settled.error);
    else latest.current.button.current?.focus();
  });

  const purchase = (quoted: QuotedEstimate) => ({
    videoId,
    mode: mode ?? 'smart',
    partial,
    quoteId: quoted.quoteId,
    ...(durationSeconds === undefined ? {} : { durationSeconds }),
    ...(title ? { title: title.slice(0, MAX_TITLE_CHARS) } : {}),
  });

  const start = async (quoted: QuotedEstimate) => {
    setStarting(true);
    setStartError(null);
    const reply = await latest.current.send({ type: 'analysis.start', ...purchase(quoted) });
    setStarting(false);
    if (reply.ok) latest.current.onStarted(reply.data);
    else failed(reply.error);
  };

  const buy = (quoted: QuotedEstimate, direct: boolean) => {
    // Above the guard, from a frame not seen whole for a moment (components/spend-gate.tsx), or in Firefox, whose
    // background takes a panel's analysis only from the window (utils/analysis-window.ts): the window decides.
    const inWindow = quoted.exceedsGuard || !direct || analysesInWindow();
    if (inWindow && !quoted.alreadyPaid) void consent.open({ kind: 'analysis', ...purchase(quoted) });
    else void start(quoted);
  };

  // A real click (or Enter/Space on the focused button) only. Not a form submit: Chromium marks the submit
  // event trusted even when a page script called click() or requestSubmit().
  const press = (event: MouseEvent) => {
    const shown = priced.estimate;
    if (!shown || !mode || !isPersonAct(event)) return;
    setStartError(null);
    setPriceChanged(false);
    // The gate is read at the click: the frame was seen whole when the person pressed, whatever comes after.
    const direct = mayDirectlySpend();
    const coming = priced.pending();
    if (!coming) return buy(shown, direct);
    // The player's length came or the tab came back: the shown price is being asked again.
    setStarting(true);
    void coming.then((now) => {
      setStarting(false);
      // A failed ask says so in its own alert.
      if (!now) return;
      if (!samePrice(shown, now)) setPriceChanged(true);
      else if (latest.current.mayStart(now)) buy(now, direct);
    });
  };

  return { starting, alert: startError ?? consent.error, phase: consent.phase, priceChanged, press };
}
