import { pieces } from '../utils/search/highlight';

type Props = {
  text: string;
  /** `[start, end)` spans of `text` to mark, in order (overlapping ones are skipped). */
  spans: readonly [number, number][];
  /** The class of the n-th mark (the cue list tells its active match apart); none when not given. */
  markClass?: (n: number) => string;
};

/**
 * Text with the given spans in <mark>: the library's results, the channel view's found moments and the cue
 * list all show matches with it. Built from text nodes only, so nothing a page, a file or the service sent is
 * ever read as HTML.
 */
export function MarkedText({ text, spans, markClass }: Props) {
  let n = 0;
  return (
    <>
      {pieces(text, spans).map((piece, i) =>
        piece.match ? (
          <mark key={i} class={markClass?.(n++)}>
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
