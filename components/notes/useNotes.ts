import { createContext } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { NoteAnchor, NoteItem } from '../../utils/notes/model';
import type { VideoNotes } from '../../utils/notes/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';

type Cue = { start: number; text: string };

/** The panel's notes of the video shown: what the Transcript tab draws and the Notes tab lists. */
export type NotesApi = {
  videoId: string;
  videoTitle: string;
  items: readonly NoteItem[];
  /** A sentence when a write or the list failed (the background's refusal, a storage problem). */
  problem: string | null;
  keep(item: NoteItem): Promise<boolean>;
  remove(item: NoteItem): Promise<void>;
  /** The item deleted last, until it is brought back or another is deleted. */
  removed: NoteItem | null;
  undo(): Promise<void>;
  /** The cues the Transcript tab shows now (another language changes them), for "no longer matches". */
  shownCues: readonly Cue[] | null;
  setShownCues(cues: readonly Cue[] | null): void;
  /** Asks the Notes tab to open a new note (at a moment, perhaps on something); bumped per ask. */
  draft: NoteDraft | null;
  /** Opens a new note (null closes it). */
  startNote(draft: Omit<NoteDraft, 'n'> | null): void;
};

/** A new note asked for: its moment and what it hangs on; `n` tells one ask from the next. */
export type NoteDraft = { n: number; time: number; on?: NoteAnchor };

/** Null outside a panel (the Transcript tab drawn alone): nothing is highlighted then. */
export const NotesContext = createContext<NotesApi | null>(null);

export function useNotes(videoId: string, videoTitle: string, send: Send): NotesApi {
  const [items, setItems] = useState<readonly NoteItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [removed, setRemoved] = useState<NoteItem | null>(null);
  const [shownCues, setShownCues] = useState<readonly Cue[] | null>(null);
  const [draft, setDraft] = useState<NoteDraft | null>(null);
  const video = useRef(videoId);
  video.current = videoId;

  // A reply for a video no longer shown is dropped: the panel moved on.
  const take = useCallback((reply: Reply<VideoNotes>): boolean => {
    if (!reply.ok) {
      setProblem(reply.error.message);
      return false;
    }
    if (reply.data.videoId !== video.current) return false;
    setProblem(null);
    // No notes before and none now: the same list, so the transcript is not drawn again for nothing.
    const next = reply.data.items;
    setItems((was) => (was.length === 0 && next.length === 0 ? was : next));
    return true;
  }, []);

  useEffect(() => {
    setItems([]);
    setRemoved(null);
    setDraft(null);
    void send({ type: 'notes.list', videoId }).then(take);
  }, [videoId, send, take]);

  const keep = useCallback(async (item: NoteItem) => take(await send({ type: 'notes.put', item })), [send, take]);
  const remove = useCallback(
    async (item: NoteItem) => {
      if (take(await send({ type: 'notes.remove', videoId: item.videoId, id: item.id }))) setRemoved(item);
    },
    [send, take],
  );
  const undo = useCallback(async () => {
    if (removed && (await keep(removed))) setRemoved(null);
  }, [removed, keep]);
  const asked = useRef(0);
  const startNote = useCallback((next: Omit<NoteDraft, 'n'> | null) => {
    asked.current++;
    setDraft(next && { ...next, n: asked.current });
  }, []);

  // One value while nothing changes: the transcript's list reads it and is not drawn again for nothing.
  return useMemo(
    () => ({
      videoId,
      videoTitle,
      items,
      problem,
      keep,
      remove,
      removed,
      undo,
      shownCues,
      setShownCues,
      draft,
      startNote,
    }),
    [videoId, videoTitle, items, problem, keep, remove, removed, undo, shownCues, draft, startNote],
  );
}
