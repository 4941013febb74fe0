import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { NoteAnchor, NoteItem } from '../../utils/notes/model';
import { formatTime } from '../../utils/timecode';
import { NoteEditor } from './NoteEditor';

type Props = {
  item: NoteItem;
  /** The highlight's words, when this note hangs on one still held. */
  onWords: string | null;
  /** A highlight whose cues the transcript shown no longer holds (another language). */
  stale: boolean;
  onSeek: (seconds: number) => void;
  onSave: (item: NoteItem) => Promise<boolean>;
  onDelete: (item: NoteItem) => void;
  onNoteOn: (item: NoteItem) => void;
};

const moment = (item: NoteItem) => (item.kind === 'note' ? item.time : item.start);

/** What a note hangs on, as shown under it (the data in its own span: it keeps its own direction). */
function anchorText(on: NoteAnchor, words: string | null): string | null {
  if (on.kind === 'highlight') return words;
  if (on.kind === 'chapter') return on.title;
  if (on.kind === 'citation') return `${formatTime(on.at)} · ${on.question}`;
  return on.question;
}

/**
 * One highlight or note: a button with its time and text that seeks the video (like a cue), then its actions.
 * Keys on the item: E edits a note, N writes a note on a highlight, Delete deletes.
 */
export function NoteRow({ item, onWords, stale, onSeek, onSave, onDelete, onNoteOn }: Props) {
  const [editing, setEditing] = useState(false);
  const time = formatTime(moment(item));
  const on = item.kind === 'note' && item.on ? anchorText(item.on, onWords) : null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (editing || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'e' && item.kind === 'note') setEditing(true);
    else if (key === 'n' && item.kind === 'highlight') onNoteOn(item);
    else if (event.key === 'Delete') onDelete(item);
    else return;
    event.preventDefault();
  };

  return (
    <li class="tl-note-item" data-kind={item.kind} onKeyDown={onKeyDown}>
      <button type="button" class="tl-note-seek" onClick={() => onSeek(moment(item))}>
        <span class="tl-cue-time" dir="ltr">
          {time}
        </span>{' '}
        <span class="tl-note-kind">{t('panel.notes.kind', { kind: item.kind })}</span>{' '}
        {!editing && (
          <span class="tl-note-text" dir="auto">
            {item.text}
          </span>
        )}
      </button>
      {on !== null && item.kind === 'note' && item.on && (
        <p class="tl-note-on">
          {t('panel.notes.on', { kind: item.on.kind })}{' '}
          <span dir="auto" class="tl-note-on-text">
            {on}
          </span>
        </p>
      )}
      {stale && <p class="tl-note-stale">{t('panel.notes.stale')}</p>}
      {editing && item.kind === 'note' ? (
        <NoteEditor
          label={t('panel.notes.editLabel', { time })}
          initial={item.text}
          onSave={async (text) => {
            const saved = await onSave({ ...item, text });
            if (saved) setEditing(false);
            return saved;
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div class="tl-note-actions">
          {item.kind === 'note' ? (
            <button type="button" class="tl-button" aria-keyshortcuts="E" onClick={() => setEditing(true)}>
              {t('panel.notes.edit')}
            </button>
          ) : (
            <button type="button" class="tl-button" aria-keyshortcuts="N" onClick={() => onNoteOn(item)}>
              {t('panel.notes.noteOn')}
            </button>
          )}
          <button type="button" class="tl-button" aria-keyshortcuts="Delete" onClick={() => onDelete(item)}>
            {t('panel.notes.delete')}
          </button>
        </div>
      )}
    </li>
  );
}
