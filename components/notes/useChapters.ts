import { useEffect, useState } from 'preact/hooks';
import { normalizeArtifact } from '../../utils/api/read/artifact';
import type { NotesChapter } from '../../utils/export/notes-file';
import type { Send } from '../../utils/protocol/send';

/**
 * The chapters of the video's ready analysis, which the notes' exports group items under: null until the
 * background answers (the exports wait for it), none when there is no analysis or it could not be read. Asking is
 * free (the page asks the same for the progress bar's markers).
 */
export function useChapters(videoId: string, send: Send): readonly NotesChapter[] | null {
  const [chapters, setChapters] = useState<readonly NotesChapter[] | null>(null);
  useEffect(() => {
    let live = true;
    setChapters(null);
    void send({ type: 'analysis.get', videoId }).then((reply) => {
      if (!live) return;
      const ready = reply.ok && reply.data.job?.status === 'ready' ? reply.data.artifact : null;
      setChapters(ready ? normalizeArtifact(ready).chapters : []);
    });
    return () => {
      live = false;
    };
  }, [videoId, send]);
  return chapters;
}
