import { useEffect, useRef } from 'preact/hooks';
import { plural } from '../../components/page/format';
import type { LibraryItem } from '../../utils/library-replies';
import { rebuyText } from './words';

type Props = { items: readonly LibraryItem[]; onConfirm: () => void; onCancel: () => void };

/** Asks before removing, saying what getting it back would cost; Escape or Keep backs out. */
export function RemoveDialog({ items, onConfirm, onCancel }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const [only] = items;
  const what = items.length === 1 && only ? `“${only.title ?? only.videoId}”` : plural(items.length, 'video');
  return (
    <div
      class="dialog"
      role="alertdialog"
      aria-labelledby="remove-title"
      aria-describedby="remove-cost"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p id="remove-title">
        <strong>Remove {what} from this browser?</strong>
      </p>
      <ul id="remove-cost">
        {items.slice(0, 5).map((item) => (
          <li key={item.videoId}>
            {items.length > 1 ? `${item.title ?? item.videoId}: ` : ''}
            {rebuyText(item)}
          </li>
        ))}
        {items.length > 5 && <li>and {plural(items.length - 5, 'more video')}.</li>}
      </ul>
      <p class="row">
        <button type="button" class="danger" onClick={onConfirm}>
          Remove
        </button>
        <button type="button" ref={keep} onClick={onCancel}>
          Keep
        </button>
      </p>
    </div>
  );
}
