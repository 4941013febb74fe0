import { useMemo, useState } from 'preact/hooks';
import type { UploadRow } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import { watchUrl } from '../../utils/video-id';
import { VirtualList } from '../transcript/VirtualList';
import { Phrase } from './Phrase';
import { SearchBox } from './SearchBox';

type Props = {
  uploads: UploadRow[];
  /** Selection, owned by the caller so a bulk action can read it. */
  selected?: Set<string>;
  onSelect?: (next: Set<string>) => void;
  /** The channel's title: an upload's author is shown only where it differs (a collaboration, a re-upload). */
  channelTitle?: string;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** channel.css gives a row 40px: estimated right, the rows measured on mount change nothing (no second pass). */
const ROW_HEIGHT = 40;

/** The uploads, newest first: filter by title, select all / none / some; only rows near view are rendered. */
export function UploadList({ uploads, selected: outer, onSelect, channelTitle }: Props) {
  const [filter, setFilter] = useState('');
  const [inner, setInner] = useState<Set<string>>(() => new Set());
  const selected = outer ?? inner;
  const select = onSelect ?? setInner;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? uploads.filter((u) => u.title.toLowerCase().includes(needle)) : uploads;
  }, [uploads, filter]);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    select(next);
  };

  return (
    <div class="tl-uploads">
      <div class="tl-load-row">
        <SearchBox
          label={t('channel.uploads.filter')}
          hint={t('channel.uploads.filterHint')}
          value={filter}
          onValue={setFilter}
        />
        <button
          type="button"
          class="tl-button"
          onClick={() => select(new Set([...selected, ...shown.map((u) => u.id)]))}
        >
          {t('channel.uploads.all')}
        </button>
        <button type="button" class="tl-button" onClick={() => select(new Set())}>
          {t('channel.uploads.none')}
        </button>
      </div>
      <p class="tl-muted" aria-live="polite">
        {t('channel.uploads.counts', { selected: selected.size, shown: shown.length })}
      </p>
      <VirtualList
        count={shown.length}
        estimate={ROW_HEIGHT}
        height={360}
        renderRow={(i) => {
          const u = shown[i];
          if (!u) return null;
          return (
            <div class="tl-upload">
              <input
                type="checkbox"
                aria-label={u.title}
                checked={selected.has(u.id)}
                onChange={(e) => toggle(u.id, e.currentTarget.checked)}
              />
              <a class="tl-upload-title" href={watchUrl(u.id)} target="_top" title={u.title} dir="auto">
                {u.title}
              </a>
              {u.author && !(channelTitle && same(u.author, channelTitle)) && (
                <span class="tl-author">
                  <Phrase k="channel.uploads.by" data={{ author: u.author }} />
                </span>
              )}
              {u.saved && <span class="tl-upload-mark">{t('channel.uploads.saved')}</span>}
              {u.analyzed && <span class="tl-upload-mark">{t('channel.uploads.analyzed')}</span>}
            </div>
          );
        }}
      />
    </div>
  );
}
