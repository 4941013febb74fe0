import { useEffect } from 'preact/hooks';
import { normalizeArtifact } from '../../utils/api/read/artifact';
import { send } from './background-line';
import { renderProgressMarkers } from './markers';
import type { PlayerBridge } from './player';

const DURATION_WAIT_MS = 500;
const DURATION_TRIES = 20;

/** Chapters and evidence of a ready analysis as markers on YouTube's progress bar, whatever tab is open. */
export function useProgressMarkers(videoId: string, player: PlayerBridge, refreshKey: number): void {
  useEffect(() => {
    let live = true;
    let cleanup: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const draw = (artifact: unknown, tries: number) => {
      if (!live) return;
      const duration = player.duration();
      if (!Number.isFinite(duration) || duration <= 0) {
        // The player learns its length a moment after the page loads.
        if (tries > 0) timer = setTimeout(() => draw(artifact, tries - 1), DURATION_WAIT_MS);
        return;
      }
      const view = normalizeArtifact(artifact, { durationSeconds: duration });
      const items = [
        ...view.chapters.map((c) => ({ time: c.start, label: c.title, kind: 'chapter' as const })),
        ...view.evidence.map((e) => ({ time: e.time, label: e.text, kind: 'evidence' as const })),
      ];
      cleanup?.();
      cleanup = renderProgressMarkers(document, items, duration, (t) => player.seek(t));
    };

    void send({ type: 'analysis.get', videoId }).then((reply) => {
      if (reply.ok && reply.data.job?.status === 'ready' && reply.data.artifact)
        draw(reply.data.artifact, DURATION_TRIES);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      cleanup?.();
    };
  }, [videoId, player, refreshKey]);
}
