import './notes.css';
import { useContext, useMemo } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { stillMatches } from '../../utils/notes/matches';
import type { NoteItem } from '../../utils/notes/model';
import type { Send } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';
import type { SeekPlayer } from '../player';
import { NoteEditor } from './NoteEditor';
import { NoteRow } from './NoteRow';
import { NotesExport } from './NotesExport';
import { NotesContext } from './useNotes';

type Props = {
  player: SeekPlayer & { currentTime(): number };
  /** Asks for the analysis' chapters, which the exports group items under. */
  send: Send;
};

/**
 * The Notes tab: the video's highlights and notes in time order, each seeking the video when activated; a note at
 * the current moment (this button, or Alt+N anywhere in the panel); edited in place, deleted with undo.
 */
export function NotesView({ player, send }: Props) {
  const notes = useContext(NotesContext);
  const words = useMemo(
    () => new Map(notes?.items.flatMap((i) => (i.kind === 'highlight' ? [[i.id, i.text] as const] : [])) ?? []),
    [notes?.items],
  );
  if (!notes) return null;
  const { items, draft, shownCues } = notes;

  const saveDraft = async (text: string) => {
    if (!draft) return false;
    const item: NoteItem = {
      kind: 'note',
      id: crypto.randomUUID(),
      videoId: notes.videoId,
      videoTitle: notes.videoTitle,
      time: draft.time,
      text,
      ...(draft.on && { on: draft.on }),
    };
    const saved = await notes.keep(item);
    if (saved) notes.startNote(null);
    return saved;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || !notes.removed) return;
    event.preventDefault();
    void notes.undo();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z reaches the tab's undo from any of its controls.
    <div class="tl-notes" onKeyDown={onKeyDown}>
      <div class="tl-notes-bar">
        <button
          type="button"
          class="tl-button"
          aria-keyshortcuts="Alt+N"
          onClick={() => notes.startNote({ time: player.currentTime() })}
        >
          {t('panel.notes.add')}
        </button>
        <span class="tl-muted">{t('panel.notes.addHint')}</span>
      </div>
      {notes.problem && (
        <p role="alert" class="tl-error">
          {notes.problem}
        </p>
      )}
      {draft && (
        <NoteEditor
          key={draft.n}
          label={t('panel.notes.newLabel', { time: formatTime(draft.time) })}
          initial=""
          onSave={saveDraft}
          onCancel={() => notes.startNote(null)}
        />
      )}
      <p role="status" class="tl-notes-status">
        {notes.removed && (
          <>
            {t('panel.notes.deleted')}{' '}
            <button type="button" class="tl-button" aria-keyshortcuts="Control+Z" onClick={() => void notes.undo()}>
              {t('panel.notes.undo')}
            </button>
          </>
        )}
      </p>
      {items.length > 0 && <NotesExport notes={notes} send={send} />}
      {items.length === 0 ? (
        <p class="tl-muted">{t('panel.notes.empty')}</p>
      ) : (
        <ul class="tl-plain-list" aria-label={t('panel.notes.list')}>
          {items.map((item) => (
            <NoteRow
              key={item.id}
              item={item}
              onWords={item.kind === 'note' && item.on?.kind === 'highlight' ? (words.get(item.on.id) ?? null) : null}
              stale={item.kind === 'highlight' && shownCues !== null && !stillMatches(item, shownCues)}
              onSeek={(at) => player.seek(at)}
              onSave={notes.keep}
              onDelete={(i) => void notes.remove(i)}
              onNoteOn={(i) =>
                notes.startNote({ time: i.kind === 'note' ? i.time : i.start, on: { kind: 'highlight', id: i.id } })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
