import { VirtualList } from '../../components/transcript/VirtualList';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem } from '../../utils/library/replies';
import { VideoRow } from './VideoRow';

type Props = {
  items: readonly LibraryItem[];
  selected: ReadonlySet<string>;
  onSelect: (videoId: string, on: boolean) => void;
  onCopy: (item: LibraryItem) => void;
  onRemove: (item: LibraryItem) => void;
  height: number;
};

/** Every video held, newest first, virtualized (thousands of rows render a screenful); arrows move between rows. */
export function VideoList({ items, selected, onSelect, onCopy, onRemove, height }: Props) {
  return (
    <section aria-label={t('library.videos.label')} class="videos">
      <VirtualList
        count={items.length}
        estimate={84}
        // A short library takes only the room it needs; a long one scrolls inside the viewport.
        height={Math.min(height, items.length * 96 + 2)}
        renderRow={(i) => {
          const item = items[i];
          return item ? (
            <VideoRow
              item={item}
              selected={selected.has(item.videoId)}
              onSelect={onSelect}
              onCopy={onCopy}
              onRemove={onRemove}
            />
          ) : null;
        }}
      />
    </section>
  );
}
