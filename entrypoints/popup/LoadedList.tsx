import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import type { Parsed } from '../../utils/api/read/watchlists';
import { t } from '../../utils/i18n/catalogue';
import type { Reply, ReplyError } from '../../utils/protocol/envelope';

/** A free list read from the service when first opened: its round trip, its failure, or what it held. */
export type Load<T> = { state: 'loading' } | { state: 'error'; error: ReplyError } | { state: 'done'; data: Parsed<T> };

/**
 * Open and shut; the first opening asks for the list (`ask`, read by `read`), later ones show what came. A
 * second opening while the first answer is on its way asks nothing more.
 */
export function useLoadOnOpen<D, T>(ask: () => Promise<Reply<D>>, read: (data: D) => Parsed<T>) {
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load<T> | null>(null);
  async function toggle() {
    const next = !open;
    setOpen(next);
    if (!next || load?.state === 'done' || load?.state === 'loading') return;
    setLoad({ state: 'loading' });
    const reply = await ask();
    setLoad(reply.ok ? { state: 'done', data: read(reply.data) } : { state: 'error', error: reply.error });
  }
  return { open, load, toggle };
}

export function Other({ text }: { text: string }) {
  return (
    <pre class="raw" dir="auto">
      {text}
    </pre>
  );
}

/** Entries of a list that could not be read as one of its items: shown as text, never dropped. */
function Unread({ parsed, intro }: { parsed: Parsed<unknown>; intro: string }) {
  if (parsed.kind !== 'list' || parsed.unread.length === 0) return null;
  return (
    <>
      <p class="muted small">{intro}</p>
      <Other text={parsed.unread.join('\n')} />
    </>
  );
}

type Props<T> = {
  load: Load<T> | null;
  /** Where its words are: `<words>.loading`, `.none`, `.unread`. */
  words: 'popup.watchlists' | 'popup.uploads';
  listClass: string;
  /** One item as a list entry (with its key). */
  item: (item: T, index: number) => ComponentChildren;
  /** What follows the items read (the uploads' hand-over to the library). */
  after?: (items: T[]) => ComponentChildren;
};

/** A loaded list: waiting, its failure, an answer that is no list (as text), no items, or its items. */
export function LoadedList<T>({ load, words, listClass, item, after }: Props<T>) {
  if (!load) return null;
  if (load.state === 'loading') return <p class="muted">{t(`${words}.loading`)}</p>;
  if (load.state === 'error') return <ErrorAlert error={load.error} />;
  const { data } = load;
  if (data.kind === 'other') return <Other text={data.text} />;
  return (
    <>
      {data.items.length === 0 ? (
        <p class="muted">{t(`${words}.none`)}</p>
      ) : (
        <ul class={listClass}>{data.items.map(item)}</ul>
      )}
      {after?.(data.items)}
      <Unread parsed={data} intro={t(`${words}.unread`)} />
    </>
  );
}
