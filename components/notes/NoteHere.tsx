import './notes.css';
import { useContext, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { NoteAnchor, NoteItem } from '../../utils/notes/model';
import { formatTime } from '../../utils/timecode';
import { NoteEditor } from './NoteEditor';
import { NotesContext } from './useNotes';

/** A note on something shown (a chapter, an answer, a citation): what it hangs on and the moment it keeps. */
export type NoteTarget = { on: NoteAnchor; time: () => number };

/**
 * A note written where its subject is shown, without leaving the tab. The row holding it passes `onKeyDown`,
 * so N on the row (its seek button, say) opens the note too; the editor keeps its own keys.
 */
export function useNoteHere(target: NoteTarget) {
  const notes = useContext(NotesContext);
  const [time, setTime] = useState<number | null>(null);
  const [kept, setKept] = useState(false);
  const open = () => {
    setKept(false);
    setTime(target.time());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!notes || time !== null || event.key.toLowerCase() !== 'n') return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // A citation's row sits in its answer's: only the nearest subject opens.
    event.stopPropagation();
    open();
  };
  return { notes, target, time, setTime, kept, setKept, open, onKeyDown };
}

type Props = { state: ReturnType<typeof useNoteHere>; name: string };

/** The note's button (named for its subject), its editor once opened, and a word when it is kept. */
export function NoteHere({ state, name }: Props) {
  const { notes, target, time, setTime, kept, setKept, open } = state;
  const button = useRef<HTMLButtonElement>(null);
  if (!notes) return null;
  const close = () => {
    setTime(null);
    button.current?.focus();
  };
  const save = async (text: string) => {
    if (time === null) return false;
    const item: NoteItem = {
      kind: 'note',
      id: crypto.randomUUID(),
      videoId: notes.videoId,
      videoTitle: notes.videoTitle,
      time,
      text,
      on: target.on,
    };
    const saved = await notes.keep(item);
    if (saved) {
      setKept(true);
      close();
    }
    return saved;
  };
  return (
    <div class="tl-note-here">
      <button
        ref={button}
        type="button"
        class="tl-button tl-note-here-button"
        aria-label={name}
        aria-keyshortcuts="N"
        aria-expanded={time !== null}
        onClick={open}
      >
        {t('panel.notes.here')}
      </button>
      <span role="status" class="tl-note-here-said">
        {kept ? t('panel.notes.keptHere') : ''}
      </span>
      {time !== null && (
        <NoteEditor
          label={t('panel.notes.newLabel', { time: formatTime(time) })}
          initial=""
          onSave={save}
          onCancel={close}
        />
      )}
      {time !== null && notes.problem && (
        <span role="alert" class="tl-error">
          {notes.problem}
        </span>
      )}
    </div>
  );
}
