import { useId, useMemo, useState } from 'preact/hooks';
import { plural } from '../../components/page/format';
import type { UploadRow } from '../../utils/channel-replies';
import { PASTED_REF } from '../../utils/playlist-ref';
import { listenBroadcasts } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';
import { parseVideoList, type VideoList } from '../../utils/video-list';
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
      <h2 id={`${id}-h`}>Many videos at once</h2>
      <label for={`${id}-box`}>Paste YouTube links, video ids or a spreadsheet column, one per line (up to 500).</label>
      <textarea
        id={`${id}-box`}
        aria-label="Videos to add"
        rows={6}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="button" disabled={text.trim() === ''} onClick={read}>
          Read the list
        </button>
      </div>
      {list && (
        <div role="status">
          <p>
            {plural(list.ids.length, 'video')} read
            {list.repeats > 0 && `, ${plural(list.repeats, 'repeat')} kept once`}
            {list.problems.length > 0 && `; ${plural(list.problems.length, 'line')} could not be read:`}
            {list.problems.length === 0 && '.'}
          </p>
          {list.problems.length > 0 && (
            <ul class="paste-problems">
              {list.problems.map((p) => (
                <li key={p.line}>{p.sentence}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {rows.length > 0 && <ListView key={reads} listRef={PASTED_REF} rows={rows} send={send} />}
    </section>
  );
}
