import '../../components/channel/channel.css';
import { useState } from 'preact/hooks';
import { BulkBar } from '../../components/channel/BulkBar';
import { UploadList } from '../../components/channel/UploadList';
import { VideoSearch } from '../../components/channel/VideoSearch';
import type { UploadRow } from '../../utils/channel/replies';
import { listenBroadcasts } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';

export type ListViewProps = {
  /** The list's reference (utils/channel/playlist-ref.ts: the pasted list, a watchlist's uploads, the selection). */
  listRef: string;
  rows: UploadRow[];
  send: Send;
};

/**
 * The channel view's bulk download and search over a list of videos the library page holds, every one selected:
 * the list was brought here to be downloaded or searched. The price comes first and only the Transcript Lens
 * window's Spend buys (components/channel/BulkBar.tsx, VideoSearch.tsx).
 */
export function ListView({ listRef, rows, send }: ListViewProps) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set(rows.map((r) => r.id)));
  return (
    <div class="tl-channel">
      <UploadList uploads={rows} selected={selected} onSelect={setSelected} />
      <BulkBar
        channel={listRef}
        send={send}
        listen={listenBroadcasts}
        uploads={rows}
        selection={rows.filter((u) => selected.has(u.id))}
      />
      <VideoSearch channel={listRef} send={send} uploads={rows} selected={selected} />
    </div>
  );
}
