import { Component } from 'preact';
import { type CueFindings, spansOf } from '../../utils/search/cue-search';
import { MarkedText } from '../MarkedText';

interface Props {
  index: number;
  /** The cue's timestamp (`m:ss` / `h:mm:ss`); it starts the button's accessible name. */
  label: string;
  text: string;
  current: boolean;
  /** Whether a query is typed: its marks then replace the kept highlights (none when nothing matched). */
  searching: boolean;
  /** What the transcript's search found (utils/search/cue-search.ts): this cue's words it counted are marked. */
  found: CueFindings;
  /** The transcript's language: its words are cut as the search index cut them. */
  lang: string | undefined;
  /** Which of this cue's matches is the active search match; -1 when none is. */
  activeMatch: number;
  onSeek: (index: number) => void;
  /** Shift-click: the range runs from the last cue clicked to this one. */
  onRange: (index: number) => void;
  /** The words of this cue kept as highlights (components/notes/kept-spans.ts); one stable empty list when none. */
  kept: readonly [number, number][];
}

/**
 * One cue: a button named "1:05 text" that seeks the video (shift-click: ends a range there); the playing cue
 * is aria-current. A class only to
 * skip re-rendering unchanged rows (preact/compat's memo would change event handling for the whole page).
 */
export class CueRow extends Component<Props> {
  override shouldComponentUpdate(next: Props): boolean {
    const p = this.props;
    return (
      next.index !== p.index ||
      next.label !== p.label ||
      next.text !== p.text ||
      next.current !== p.current ||
      next.searching !== p.searching ||
      next.found !== p.found ||
      next.lang !== p.lang ||
      next.activeMatch !== p.activeMatch ||
      next.onSeek !== p.onSeek ||
      next.onRange !== p.onRange ||
      next.kept !== p.kept
    );
  }

  override render() {
    const { index, label, text, current, searching, found, lang, activeMatch, onSeek, onRange, kept } = this.props;
    // Search marks while searching; otherwise the highlights kept, each a <mark> of text (never HTML).
    return (
      <button
        type="button"
        class="tl-cue"
        data-cue={index}
        data-kept={kept.length > 0 ? 'true' : undefined}
        aria-current={current ? 'true' : undefined}
        data-active-match={activeMatch >= 0 ? 'true' : undefined}
        onClick={(event) => (event.shiftKey ? onRange(index) : onSeek(index))}
      >
        <span class="tl-cue-time" dir="ltr">
          {label}
        </span>{' '}
        <span class="tl-cue-text" dir="auto">
          <MarkedText
            text={text}
            spans={searching ? spansOf(text, found, index, lang) : kept}
            markClass={(n) => (!searching ? 'tl-kept' : n === activeMatch ? 'tl-mark tl-mark-active' : 'tl-mark')}
          />
        </span>
      </button>
    );
  }
}
