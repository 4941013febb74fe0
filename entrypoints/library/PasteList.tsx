import { useMemo, useState } from 'preact/hooks';
import { PASTED_REF } from '../../utils/channel/playlist-ref';
import type { UploadRow } from '../../utils/channel/replies';
import { parseVideoList, type VideoList } from '../../utils/channel/video-list';
import { t } from '../../utils/i18n/catalogue';
import type { Send } from '../../utils/protocol/send';
import { LazyListView } from './LazyListView';
import { PasteBox } from './PasteBox';

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
    <PasteBox
      words="library.paste"
      rows={6}
      text={text}
      onText={setText}
      onRead={read}
      found={list && { summary: readText(list), problems: list.problems }}
    >
      {rows.length > 0 && <LazyListView key={reads} listRef={PASTED_REF} rows={rows} send={send} />}
    </PasteBox>
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
