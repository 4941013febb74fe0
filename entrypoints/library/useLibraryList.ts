import { useEffect, useState } from 'preact/hooks';
import type { LibraryList } from '../../utils/library/replies';
import type { Reply, ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';

const RELIST_MS = 1_000;

/**
 * The library's list: the one asked for as the page started (else asked now), then listed again each second
 * while the library is being read or indexed, so titles and progress follow. A failure goes to `onError`.
 */
export function useLibraryList(
  send: PageSend,
  firstList: Promise<Reply<LibraryList>> | undefined,
  onError: (error: ReplyError) => void,
) {
  const [list, setList] = useState<LibraryList | null>(null);

  useEffect(() => {
    const ask = () => send({ type: 'library.list' });
    // A failed early ask is asked again now that the page is drawn, so its error is in the page's language.
    const asked = firstList ? firstList.then((reply) => (reply.ok ? reply : ask())) : ask();
    void asked.then((reply) => (reply.ok ? setList(reply.data) : onError(reply.error)));
  }, [send, firstList]);

  const progress = list?.progress;
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
