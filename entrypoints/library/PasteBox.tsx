import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { TextList } from '../../components/page/TextList';
import { t } from '../../utils/i18n/catalogue';

type Props = {
  /** `channel-paste` beside `paste-list` for the channels' box. */
  class?: string;
  /**
   * Where its words are: `<words>.heading`; `.hint`, the label above the box (what may be pasted); `.box`, the
   * box's accessible name; `.read`, the button that reads the box (free: nothing is sent by reading).
   */
  words: 'library.paste' | 'library.channels';
  rows: number;
  text: string;
  onText: (text: string) => void;
  /** A purchase from the last reading is under way: Read waits for it (as it does for an empty box). */
  busy?: boolean;
  onRead: () => void;
  /** What the last reading found, and each line it could not read, by its number; null before a reading. */
  found: { summary: string; problems: ReadonlyArray<{ line: number; sentence: string }> } | null;
  /** What follows the reading: its price, its outcome, its list. */
  children?: ComponentChildren;
};

/** A library box for a pasted list (videos, channels): a heading, the box, Read, what was read. */
export function PasteBox({ class: extra, words, rows, text, onText, busy = false, onRead, found, children }: Props) {
  const id = useId();
  return (
    <section class={extra ? `paste-list ${extra} tl-root` : 'paste-list tl-root'} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t(`${words}.heading`)}</h2>
      <label for={`${id}-box`}>{t(`${words}.hint`)}</label>
      <textarea
        id={`${id}-box`}
        aria-label={t(`${words}.box`)}
        rows={rows}
        value={text}
        onInput={(e) => onText(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="button" disabled={text.trim() === '' || busy} onClick={onRead}>
          {t(`${words}.read`)}
        </button>
      </div>
      {found && (
        <div role="status">
          <p>{found.summary}</p>
          {found.problems.length > 0 && (
            <TextList class="paste-problems" items={found.problems.map((p) => ({ key: p.line, text: p.sentence }))} />
          )}
        </div>
      )}
      {children}
    </section>
  );
}
