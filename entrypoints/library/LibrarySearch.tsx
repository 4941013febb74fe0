import type { PageSend } from '../../utils/protocol/send';
import { LibraryResults } from './LibraryResults';
import { useLibrarySearch } from './useLibrarySearch';

type Props = {
  send: PageSend;
  query: string;
  /** The filtered videos' ids, or null for all. */
  scope: readonly string[] | null;
  indexed: boolean;
  /** The videos indexed so far while indexing, else null. */
  indexing: number | null;
};

/**
 * The search as typed and its results. Its own component so that an answer re-renders the results alone, not
 * the page around them (filters over every video, the pasted list, the header).
 */
export function LibrarySearch({ send, query, scope, indexed, indexing }: Props) {
  const result = useLibrarySearch(send, query, scope, indexed);
  return <LibraryResults result={result} indexing={indexing} />;
}
