import '../../components/channel/channel.css';
import { useId, useMemo, useState } from 'preact/hooks';
import { BulkBar } from '../../components/channel/BulkBar';
import { UploadList } from '../../components/channel/UploadList';
import { VideoSearch } from '../../components/channel/VideoSearch';
import { plural } from '../../components/page/format';
import type { UploadRow } from '../../utils/channel-replies';
import { PASTED_REF } from '../../utils/playlist-ref';
import { listenBroadcasts } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';
import { parseVideoList, type VideoList } from '../../utils/video-list';

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
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
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
    const next = parseVideoList(text);
    setList(next);
    // Every video read is selected: the list was pasted to be bought or searched.
    setSelected(new Set(next.ids));
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
      {rows.length > 0 && (
        <div class="tl-channel">
          <UploadList uploads={rows} selected={selected} onSelect={setSelected} />
          <BulkBar
            channel={PASTED_REF}
            send={send}
            listen={listenBroadcasts}
            uploads={rows}
            selection={rows.filter((u) => selected.has(u.id))}
          />
          <VideoSearch channel={PASTED_REF} send={send} uploads={rows} selected={selected} />
        </div>
      )}
    </section>
  );
}
