import { pieces } from '../../utils/search/highlight';

/** Text with the matched words in <mark>: text nodes only, so nothing in a quote is ever read as HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly [number, number][] }) {
  return (
    <>{pieces(text, ranges).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>
  );
}
