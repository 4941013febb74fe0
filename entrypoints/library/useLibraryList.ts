import { useEffect, useState } from 'preact/hooks';
import type { LibraryList } from '../../utils/library/replies';
import type { Reply, ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';

const RELIST_MS = 1_000;
/** The rows the page's first ask takes: more than a screenful (rows are about 84 px), a small message. */
export const FIRST_SCREEN = 40;

/**
 * The library's list: the one asked for as the page started (its first screen, else the whole list asked now),
 * then the whole list when that was only its first screen, then listed again each second while the library is
 * being read or indexed, so titles and progress follow. A failure goes to `onError`.
 */
export function useLibraryList(
  send: PageSend,
  firstList: Promise<Reply<LibraryList>> | undefined,
  onError: (error: ReplyError) => void,
  /** That list when it had already come as the page first drew: drawn at once, not after a frame and an effect. */
  listed?: LibraryList,
) {
  const [list, setList] = useState<LibraryList | null>(listed ?? null);

  useEffect(() => {
    let current = true;
    const ask = () => send({ type: 'library.list' });
    const shown = (reply: Reply<LibraryList>) => {
      if (!current) return;
      if (!reply.ok) return onError(reply.error);
      setList(reply.data);
      // The first screen is drawn; the rest of the list follows at once.
      if (reply.data.more) void ask().then(shown);
    };
    // A failed early ask is asked again now that the page is drawn, so its error is in the page's language.
    const asked = firstList ? firstList.then((reply) => (reply.ok ? reply : ask())) : ask();
    void asked.then(shown);
    return () => {
      current = false;
    };
  }, [send, firstList]);

  const progress = list?.more ? undefined : list?.progress;
  useEffect(() => {
    if (!progress) return;
    let current = true;
    const timer = setTimeout(() => {
      void send({ type: 'library.list' }).then((reply) => current && reply.ok && setList(reply.data));
    }, RELIST_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [send, progress]);

  return [list, setList] as const;
}
