import { Component, type ComponentChild } from 'preact';
import { highlightRanges } from '../../utils/search/fold';

interface Props {
  index: number;
  /** The cue's timestamp (`m:ss` / `h:mm:ss`); it starts the button's accessible name. */
  label: string;
  text: string;
  current: boolean;
  query: string;
  /** Which of this cue's matches is the active search match; -1 when none is. */
  activeMatch: number;
  onSeek: (index: number) => void;
}

/** Text with each match wrapped in <mark>, built from ranges over the original text (never parsed as HTML). */
export function Highlighted({ text, query, active }: { text: string; query: string; active: number }) {
  if (!query.trim()) return <>{text}</>;
  const ranges = highlightRanges(text, query);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ComponentChild[] = [];
  let at = 0;
  ranges.forEach(([start, end], n) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} class={n === active ? 'tl-mark tl-mark-active' : 'tl-mark'}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * One cue: a button named "1:05 text" that seeks the video; the playing cue is aria-current. A class only to
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
      next.query !== p.query ||
      next.activeMatch !== p.activeMatch ||
      next.onSeek !== p.onSeek
    );
  }

  override render() {
    const { index, label, text, current, query, activeMatch, onSeek } = this.props;
    return (
      <button
        type="button"
        class="tl-cue"
        aria-current={current ? 'true' : undefined}
        data-active-match={activeMatch >= 0 ? 'true' : undefined}
        onClick={() => onSeek(index)}
      >
        <span class="tl-cue-time">{label}</span>{' '}
        <span class="tl-cue-text">
          <Highlighted text={text} query={query} active={activeMatch} />
        </span>
      </button>
    );
  }
}
