import './notes.css';
import { t } from '../../utils/i18n/catalogue';

type Props = { onKeep: () => void; said: string | null };

/** Keeps the words selected in the transcript (or the cue playing now) as a highlight; H on a cue does too. */
export function HighlightBar({ onKeep, said }: Props) {
  return (
    <div class="tl-highlight-bar">
      <button
        type="button"
        class="tl-button"
        aria-keyshortcuts="H"
        // Pressing must not move the selection it keeps.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onKeep}
      >
        {t('panel.notes.highlight')}
      </button>
      <span class="tl-muted">{t('panel.notes.highlightHint')}</span>
      <span role="status" class="tl-highlight-said" dir="auto">
        {said}
      </span>
    </div>
  );
}
