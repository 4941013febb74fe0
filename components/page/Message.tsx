import { type ComponentChildren, Fragment } from 'preact';
import { t } from '../../utils/i18n/catalogue';
import type { MessageKey } from '../../utils/i18n/keys';
import type { Values } from '../../utils/i18n/message';

/** Marks where a data value sits in a written message (private-use characters no message contains). */
const slot = (i: number) => `\uE000${i}\uE001`;
const SLOT = /\uE000(\d+)\uE001/g;

type Props = { k: MessageKey; values?: Values; data: Readonly<Record<string, ComponentChildren>> };

/**
 * One whole message whose data values (a title, an id, a query) are elements inside the sentence, so each keeps
 * its own direction (<bdi>, dir="ltr") while the sentence keeps its language's word order.
 */
export function Message({ k, values = {}, data }: Props) {
  const names = Object.keys(data);
  const text = t(k, { ...values, ...Object.fromEntries(names.map((name, i) => [name, slot(i)])) });
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(SLOT)) {
    parts.push(text.slice(last, match.index));
    parts.push(data[names[Number(match[1])] ?? ''] ?? null);
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
