import { useCallback, useRef, useState } from 'preact/hooks';
import type { PanelOpen } from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import type { ToFrame } from '../../../utils/protocol/frame';
import type { ContentMessage } from '../../../utils/protocol/requests';
import type { Send } from '../../../utils/protocol/send';
import { send } from '../background-line';

type Video = Extract<ToFrame, { t: 'video' }>;
/** A video to draw, with the line its panel asks the background through. */
export type NamedVideo = Video & { send: Send };

/**
 * How long a newly named video's panel waits for its first answer before it is drawn without it (a worker still
 * starting): it then shows that it is checking, and the answer follows.
 */
export const FIRST_ANSWER_WAIT_MS = 300;

/** The panel will open on the Transcript tab: open (as the page read the preferences) and no other tab asked for. */
const showsTranscript = (video: Video) =>
  video.prefs?.collapsed === false && (video.tab ?? 'transcript') === 'transcript';

/**
 * `send`, but the panel's first panel.open for `videoId` is given `asked`, the reply to that question asked
 * already, and its first notes.list the notes that reply carries (asked again only if it failed).
 */
function answering(videoId: string, asked: Promise<Reply<PanelOpen>>): Send {
  const given = new Set<string>();
  const answer = (message: ContentMessage): Promise<Reply<unknown>> => {
    if (!('videoId' in message) || message.videoId !== videoId || given.has(message.type)) return send(message);
    if (message.type === 'panel.open') {
      given.add(message.type);
      return asked;
    }
    if (message.type === 'notes.list') {
      given.add(message.type);
      return asked.then((reply) => (reply.ok ? { ok: true, data: reply.data.notes } : send(message)));
    }
    return send(message);
  };
  return answer as Send;
}

/**
 * The video the content script named, to draw. A new one whose panel opens on its transcript is drawn once its
 * first answer (panel.open: context and saved transcript) is in, asked here as it is named: the panel takes it in
 * the task that draws it, so the page lays out and sizes the frame once, not for a wait and then the transcript
 * (docs/benchmarks.md, "The panel in its frame").
 */
export function useNamedVideo(): [NamedVideo | null, (video: Video) => void] {
  const [shown, setShown] = useState<NamedVideo | null>(null);
  const latest = useRef<Video | null>(null);
  const name = useCallback((video: Video) => {
    const same = latest.current?.videoId === video.videoId;
    latest.current = video;
    if (same || !showsTranscript(video)) {
      setShown((was) => ({ ...video, send: same && was ? was.send : send }));
      return;
    }
    const asked = send({ type: 'panel.open', videoId: video.videoId });
    let drawn = false;
    const draw = () => {
      if (drawn || latest.current !== video) return;
      drawn = true;
      setShown({ ...video, send: answering(video.videoId, asked) });
    };
    void asked.then(draw);
    setTimeout(draw, FIRST_ANSWER_WAIT_MS);
  }, []);
  return [shown, name];
}
