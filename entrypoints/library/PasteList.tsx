import { useId, useMemo, useState } from 'preact/hooks';
import { PASTED_REF } from '../../utils/channel/playlist-ref';
import type { UploadRow } from '../../utils/channel/replies';
import { parseVideoList, type VideoList } from '../../utils/channel/video-list';
import { t } from '../../utils/i18n/catalogue';
import type { Send } from '../../utils/protocol/send';
import { ListView } from './ListView';

type Props = {
  /** The panel's messages: the bulk flow's quote, consent window and runs (pages may send them too). */
  send: Send;
  /** The library's titles for videos it holds; the others are named by id. */
  titles: ReadonlyMap<string, string>;
};

/**
 * "Videos to add": pasted URLs, ids or a CSV column (up to 500), each bad line named by its number, then the
 * channel view's bulk download and search over them: the price first, Spend in the Transcript Lens window.
 * Reading the list is free; nothing is sent until the person asks for the price.
 */
export function PasteList({ send, titles }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [list, setList] = useState<VideoList | null>(null);
  /** Each reading is a new list: its view starts again with every video read selected. */
  const [reads, setReads] = useState(0);
  const rows = useMemo<UploadRow[]>(
    () =>
      (list?.ids ?? []).map((v) => ({
        id: v,
        title: titles.get(v) ?? v,
        published: null,
        saved: titles.has(v),
        analyzed: false,
      })),
    [list, titles],
  );

  function read() {
    setList(parseVideoList(text));
    setReads((n) => n + 1);
  }

  return (
    <section class="paste-list tl-root" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('library.paste.heading')}</h2>
      <label for={`${id}-box`}>{t('library.paste.hint')}</label>
      <textarea
        id={`${id}-box`}
        aria-label={t('library.paste.box')}
        rows={6}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="button" disabled={text.trim() === ''} onClick={read}>
          {t('library.paste.read')}
        </button>
      </div>
      {list && (
        <div role="status">
          <p>{readText(list)}</p>
          {list.problems.length > 0 && (
            <ul class="paste-problems">
              {list.problems.map((p) => (
                <li key={p.line} dir="auto">
                  {p.sentence}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {rows.length > 0 && <ListView key={reads} listRef={PASTED_REF} rows={rows} send={send} />}
    </section>
  );
}

/** "12 videos read, 2 repeats kept once; 1 line could not be read:" as one message per case. */
function readText(list: VideoList): string {
  const values = { n: list.ids.length, repeats: list.repeats, lines: list.problems.length };
  if (list.repeats > 0 && list.problems.length > 0) return t('library.paste.readBoth', values);
  if (list.repeats > 0) return t('library.paste.readRepeats', values);
  if (list.problems.length > 0) return t('library.paste.readProblems', values);
  return t('library.paste.readOk', values);
}
