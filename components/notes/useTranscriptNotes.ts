import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { Highlight } from '../../utils/notes/model';
import type { CueModel } from '../transcript/cues';
import { keptByCue, type Spans } from './kept-spans';
import { highlightFromSelection, highlightOfCue } from './selection';
import { NotesContext } from './useNotes';

const NONE: Spans = [];

/**
 * The Transcript tab's part of the notes: the kept words of each cue (one map lookup a row), and keeping a
 * highlight from the selection, from a cue (H on it) or from the cue playing now. Nothing without a panel.
 */
export function useTranscriptNotes(cues: CueModel, current: number) {
  const notes = useContext(NotesContext);
  const [said, setSaid] = useState<string | null>(null);
  const items = notes?.items;
  const kept = useMemo(() => (items ? keptByCue(items, cues) : null), [items, cues]);
  const setShown = notes?.setShownCues;

  // The Notes tab says which highlights the cues shown no longer hold (another language was chosen).
  useEffect(() => {
    setShown?.(cues.texts.map((text, i) => ({ start: cues.starts[i] ?? 0, text })));
  }, [cues, setShown]);

  const keep = async (highlight: Highlight | null) => {
    if (!notes) return;
    if (!highlight) return setSaid(t('panel.notes.nothingSelected'));
    const saved = await notes.keep(highlight);
    setSaid(saved ? t('panel.notes.kept') : null);
    if (saved) document.getSelection()?.removeAllRanges();
  };
  const meta = () => ({ id: crypto.randomUUID(), videoId: notes?.videoId ?? '', videoTitle: notes?.videoTitle ?? '' });

  /** The button: the words selected, else the cue playing now. */
  const keepSelection = () => {
    const chosen = highlightFromSelection(document.getSelection(), cues, meta());
    void keep(chosen ?? (current >= 0 ? highlightOfCue(cues, current, meta()) : null));
  };

  /** H on a cue: the words selected in the list, else that cue. */
  const onListKey = (event: KeyboardEvent) => {
    if (event.key.toLowerCase() !== 'h' || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = (event.target as Element | null)?.closest?.<HTMLElement>('[data-cue]');
    if (!row) return;
    event.preventDefault();
    const chosen = highlightFromSelection(document.getSelection(), cues, meta());
    void keep(chosen ?? highlightOfCue(cues, Number(row.dataset.cue), meta()));
  };

  return {
    enabled: notes !== null,
    /** Every highlight and note of the video (the Markdown download carries them). */
    items: items ?? [],
    keptOf: (index: number): Spans => kept?.of(index) ?? NONE,
    keepSelection,
    onListKey,
    // A refusal (the background's sentence) is said here too, where the person pressed.
    said: said ?? notes?.problem ?? null,
  };
}
