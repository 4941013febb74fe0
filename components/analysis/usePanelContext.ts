import { useEffect, useState } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';
import type { PanelContext } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';

/**
 * The panel's context for a video (token, plan, default mode) and the mode picked: the retried job's, else the
 * default, never deep where the plan does not allow it. The mode is null until the context is read.
 */
export function usePanelContext(
  videoId: string,
  initialMode: AnalysisMode | undefined,
  sendRef: { readonly current: Send },
) {
  const [context, setContext] = useState<PanelContext | null>(null);
  const [mode, setMode] = useState<AnalysisMode | null>(null);

  useEffect(() => {
    let live = true;
    sendRef.current({ type: 'panel.context', videoId }).then((reply) => {
      if (!live) return;
      const ctx = reply.ok ? reply.data : null;
      setContext(ctx);
      const wanted = initialMode ?? ctx?.defaultMode ?? 'smart';
      setMode(wanted === 'deep' && ctx?.deepAllowed === false ? 'smart' : wanted);
    });
    return () => {
      live = false;
    };
  }, [videoId, initialMode, sendRef]);

  return { context, mode, setMode };
}
