import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem } from '../../utils/library/replies';
import { panelUrl } from '../../utils/panel/url';
import { holdingsText, holdsAnything, savedText, sizeText, trackText } from './words';

type Props = {
  item: LibraryItem;
  selected: boolean;
  onSelect: (videoId: string, on: boolean) => void;
  onCopy: (item: LibraryItem) => void;
  onRemove: (item: LibraryItem) => void;
};

/** One video held: what it is, what is there, what it takes; select, copy its note, or remove it. */
export function VideoRow({ item, selected, onSelect, onCopy, onRemove }: Props) {
  const name = item.title ?? item.videoId;
  // A video not read yet (a library listed for the first time): what it holds is known, its words not yet.
  const meta = item.pending
    ? t('library.row.reading')
    : [item.channel, savedText(item.savedAt), trackText(item)].filter(Boolean).join(' · ');
  return (
    <div class="video" data-video-id={item.videoId}>
      <input
        type="checkbox"
        checked={selected}
        aria-label={t('library.row.select', { name })}
        onChange={(e) => onSelect(item.videoId, e.currentTarget.checked)}
      />
      <div class="video-main">
        <a class="video-title" dir="auto" href={panelUrl(item.videoId, 'transcript')} target="_blank" rel="noreferrer">
          {name}
        </a>
        <span class="video-meta" dir="auto">
          {meta}
        </span>
        <span class="video-holds">
          {holdingsText(item).map((text) => (
            <span key={text} class="tag">
              {text}
            </span>
          ))}
          <span class="video-size">{sizeText(item.bytes)}</span>
        </span>
      </div>
      <div class="video-actions">
        <button
          type="button"
          disabled={item.pending}
          onClick={() => onCopy(item)}
          aria-label={t('library.row.copyNoteOf', { name })}
        >
          {t('library.row.copyNote')}
        </button>
        <button
          type="button"
          // What removing it gives up is told once it is read; notes alone are never removed with a video.
          disabled={item.pending || !holdsAnything(item)}
          onClick={() => onRemove(item)}
          aria-label={t('library.row.removeName', { name })}
        >
          {t('library.row.remove')}
        </button>
      </div>
    </div>
  );
}
