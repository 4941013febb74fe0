import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { fitsNote, MAX_NOTE_CHARS } from '../../utils/notes/limits';

type Props = {
  /** The field's name: "New note at 1:05", "Edit note at 1:05". */
  label: string;
  initial: string;
  onSave: (text: string) => Promise<boolean>;
  onCancel: () => void;
};

/**
 * A note written or edited in place: plain text with line breaks. Ctrl+Enter (⌘+Enter) saves, Escape cancels.
 * A note too long says so and keeps every character typed; nothing is sent until it fits.
 */
export function NoteEditor({ label, initial, onSave, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const length = [...text].length;
  const fits = fitsNote(text);
  const empty = text.trim().length === 0;

  const save = async () => {
    if (!fits || empty || busy) return;
    setBusy(true);
    const saved = await onSave(text);
    setBusy(false);
    if (!saved) field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // The panel's own keys (H, Alt+N) are not this field's.
    event.stopPropagation();
    if (event.key === 'Escape') onCancel();
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div class="tl-note-editor">
      <textarea
        ref={field}
        class="tl-note-field"
        aria-label={label}
        dir="auto"
        rows={4}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        aria-invalid={!fits}
      />
      {!fits && (
        <p class="tl-error" role="alert">
          {t('panel.notes.tooLong', { max: MAX_NOTE_CHARS, n: length })}
        </p>
      )}
      <div class="tl-note-actions">
        <button
          type="button"
          class="tl-button"
          disabled={!fits || empty || busy}
          aria-keyshortcuts="Control+Enter"
          onClick={() => void save()}
        >
          {t('panel.notes.save')}
        </button>
        <button type="button" class="tl-button" aria-keyshortcuts="Escape" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
