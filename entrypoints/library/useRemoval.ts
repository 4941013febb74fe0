import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem, LibraryList } from '../../utils/library/replies';
import type { PageSend } from '../../utils/protocol/send';
import type { Outcome } from './transfer';

/**
 * Removal from the library: the items waiting for the person's confirmation (null when none), and the removal
 * itself, run as the page's work; `onRemoved` gets the list left.
 */
export function useRemoval(
  send: PageSend,
  run: (work: () => Promise<Outcome>) => Promise<void>,
  onRemoved: (list: LibraryList) => void,
) {
  const [removing, setRemoving] = useState<LibraryItem[] | null>(null);

  async function remove(targets: LibraryItem[]) {
    setRemoving(null);
    await run(async () => {
      const reply = await send({ type: 'library.remove', videoIds: targets.map((t) => t.videoId) });
      if (!reply.ok) return reply;
      onRemoved(reply.data.list);
      return { ok: true, message: t('library.removed', { n: reply.data.removed }) };
    });
  }
  return { removing, setRemoving, remove };
}

/** A selection with one video put in or taken out. */
export function toggled(selection: ReadonlySet<string>, videoId: string, on: boolean): ReadonlySet<string> {
  const next = new Set(selection);
  if (on) next.add(videoId);
  else next.delete(videoId);
  return next;
}
