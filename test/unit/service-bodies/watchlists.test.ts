import { describe, expect, it } from 'vitest';
import { readUploads, readWatchlists } from '../../../utils/api/read/watchlists';
import { body } from './serve';

const json = (file: string): unknown => JSON.parse(body(file));

describe('MCP watchlist bodies of the corpus', () => {
  it('watchlists-null-names-string-counts.json: a null name is the id, string counts are counts, the rest shown as text', () => {
    expect(readWatchlists(json('watchlists-null-names-string-counts.json'))).toEqual({
      kind: 'list',
      items: [
        { id: 'wl-1', name: 'wl-1', recorded: 12, channels: ['@tvademo'], lastAt: null },
        { id: '7', name: 'Conference talks', recorded: 3, channels: ['@confs'], lastAt: null },
        // A negative count is unknown, never 0.
        { id: 'wl-3', name: 'Negative count', recorded: null, channels: [], lastAt: null },
      ],
      unread: ['name: No id at all; recordedUploads: 2', 'not a watchlist'],
    });
  });

  it('watchlist-activity-other-names.json: snake-case ids, links and null titles; an upload with neither title nor id as text', () => {
    expect(readUploads(json('watchlist-activity-other-names.json'))).toEqual({
      kind: 'list',
      items: [
        { videoId: 'tvaHuman001', title: 'tvaHuman001', channel: 'TVA Demo', publishedAt: '2025-06-01T00:00:00Z' },
        { videoId: 'tvaAutoGen1', title: 'Home Espresso Basics', channel: 'TVA Demo', publishedAt: null },
        { videoId: null, title: 'Kept as text, not linked', channel: null, publishedAt: null },
      ],
      unread: ['published: 2025-05-01'],
    });
  });

  it('an answer without a list is shown as its text', () => {
    expect(readWatchlists('No watchlists on this plan.')).toEqual({
      kind: 'other',
      text: 'No watchlists on this plan.',
    });
    expect(readWatchlists({ note: 'later' })).toEqual({ kind: 'other', text: 'note: later' });
  });
});
