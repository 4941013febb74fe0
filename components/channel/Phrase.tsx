import { Fragment } from 'preact';
import { t } from '../../utils/i18n/catalogue';
import type { MessageKey } from '../../utils/i18n/keys';
import type { Values } from '../../utils/i18n/message';

/** Marks a data value inside a written message; control characters no message or title holds. */
const OPEN = '\u0001';
const CLOSE = '\u0002';

type Props = {
  k: MessageKey;
  values?: Values;
  /** Values that are data (titles, channel names, search words, server text): each kept in its own direction. */
  data: Readonly<Record<string, string>>;
};

/**
 * One whole message whose data values are each rendered in a <span dir="auto"> (isolated as a <bdi> is, and an
 * inline element everywhere, so it stays part of an accessible name), so a title in another script keeps its own
 * direction inside the sentence (Arabic around an English title, and the reverse) without splitting the
 * sentence into fragments glued in code. Rendered as text, never as HTML.
 */
export function Phrase({ k, values = {}, data }: Props) {
  const marked = Object.fromEntries(Object.keys(data).map((name) => [name, `${OPEN}${name}${CLOSE}`]));
  const written = t(k, { ...values, ...marked });
  const pieces = written.split(new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`));
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 1 ? (
          <span key={i} dir="auto">
            {data[piece] ?? ''}
          </span>
        ) : (
          <Fragment key={i}>{piece}</Fragment>
        ),
      )}
    </>
  );
}
