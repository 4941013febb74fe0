import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PanelContext, TranscriptLookup } from '../utils/panel/replies';
import type { Send } from '../utils/protocol/send';

/**
 * The panel's first question to the background for a video, asked again when the video or `refreshKey`
 * changes: the context (plan, token, language) or why the line failed, and, when the Transcript tab is on
 * screen (`transcriptShown`), the saved transcript in the same round trip.
 */
export function usePanelOpen(
  videoId: string,
  send: Send,
  refreshKey: number,
  transcriptShown: { readonly current: boolean },
) {
  const [context, setContext] = useState<PanelContext | null>(null);
  const [lineError, setLineError] = useState<string | null>(null);
  /**
   * The transcript the first answer brought, for the Transcript tab shown with it; null once another tab is
   * chosen (a later view asks afresh: a price shown must be current).
   */
  const [first, setFirst] = useState<{ lang: string; lookup: TranscriptLookup } | null>(null);
  /** Until the first answer is in, the Transcript tab waits for it rather than asking (and drawing) twice. */
  const [opening, setOpening] = useState(true);
  const opened = useRef(false);

  // A layout effect: the question leaves as the panel is put into the page, not after the next frame (where
  // Preact runs plain effects), so the saved transcript comes a frame sooner on every video page and navigation.
  useLayoutEffect(() => {
    let live = true;
    // The first screen's context and transcript in one round trip, drawn in one render (panel.open); a
    // collapsed panel, or one on another tab, asks for the context alone, as it shows no transcript.
    if (!opened.current && transcriptShown.current) {
      void send({ type: 'panel.open', videoId }).then((reply) => {
        if (!live) return;
        opened.current = true;
        if (reply.ok) {
          setContext(reply.data.context);
          if (transcriptShown.current) setFirst({ lang: reply.data.lang, lookup: reply.data.transcript });
          setLineError(null);
        } else setLineError(reply.error.message);
        // Without an answer the Transcript tab asks for itself, as it does after any other change.
        setOpening(false);
      });
    } else {
      void send({ type: 'panel.context', videoId }).then((reply) => {
        if (!live) return;
        opened.current = true;
        setOpening(false);
        if (reply.ok) {
          setContext(reply.data);
          setLineError(null);
        } else setLineError(reply.error.message);
      });
    }
    return () => {
      live = false;
    };
  }, [videoId, send, refreshKey]);

  return { context, lineError, first, setFirst, opening };
}
