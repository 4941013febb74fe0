import { Phrase } from '../../components/channel/Phrase';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem } from '../../utils/library/replies';
import { Dialog } from './Dialog';
import { rebuyText } from './words';

type Props = { items: readonly LibraryItem[]; onConfirm: () => void; onCancel: () => void };

/** Asks before removing, saying what getting it back would cost; Escape or Keep backs out. */
export function RemoveDialog({ items, onConfirm, onCancel }: Props) {
  const [only] = items;
  return (
    <Dialog
      id="remove"
      kind="alert"
      title={
        items.length === 1 && only ? (
          <Phrase k="library.remove.one" data={{ title: only.title ?? only.videoId }} />
        ) : (
          t('library.remove.many', { n: items.length })
        )
      }
      what={
        <>
          {items.slice(0, 5).map((item) => (
            <li key={item.videoId}>
              {items.length > 1 && (
                <>
                  <bdi>{item.title ?? item.videoId}</bdi>:{' '}
                </>
              )}
              {rebuyText(item)}
            </li>
          ))}
          {items.length > 5 && <li>{t('library.remove.more', { n: items.length - 5 })}</li>}
        </>
      }
      act={{ label: t('library.remove.confirm'), onClick: onConfirm }}
      cancel={{ label: t('library.remove.keep'), onClick: onCancel }}
      focus="cancel"
    />
  );
}
