// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { HandedList, SelectionView } from '../../entrypoints/library/LibraryLists';
import type { BulkQuote } from '../../utils/channel/replies';
import type { LibraryItem } from '../../utils/library/replies';
import { fakePageSend, fakeSend, okReply } from './kit';

afterEach(cleanup);

const quote = (ids: string[], uncached: number): BulkQuote => ({
  quoteId: 'q1',
  selected: ids.length,
  uncached,
  balance: 100,
  aiUnitsUpTo: 0,
  priceText: `${uncached} Cloud Requests`,
  mayHaveBeenCharged: 0,
  sizeNote: null,
});

const bulk = () =>
  fakeSend({
    'bulk.current': () => okReply(null),
    'bulk.quote': (m) => okReply(quote(m.ids, 0)),
    'search.local': (m) => okReply({ query: m.query, searched: 0, unsaved: [], videos: [] }),
  });

const item = (videoId: string, title: string | null, saved: boolean): LibraryItem => ({
  videoId,
  title,
  channel: null,
  savedAt: 0,
  language: null,
  languageCode: null,
  isGenerated: null,
  transcript: saved ? { tracks: 1, bytes: 10, durationSeconds: 60 } : null,
  analysis: null,
  questions: null,
  bytes: 10,
});

describe('HandedList (a watchlist’s uploads from the popup)', () => {
  it('takes the handed list once and shows it all selected, priced only on "Download transcripts"', async () => {
    const page = fakePageSend({
      'lists.take': () =>
        okReply({
          name: 'TVA Demo uploads',
          videos: [
            { id: 'tvaDemo0001', title: 'Newest upload' },
            { id: 'tvaDemo0002', title: '<b>Not markup</b>' },
          ],
        }),
    });
    const bg = bulk();
    render(<HandedList send={page.send} sendBulk={bg.send} saved={new Set(['tvaDemo0001'])} />);
    await screen.findByRole('heading', { name: 'Uploads of the watchlist “TVA Demo uploads”' });
    // The bulk view is a module loaded when a list first needs it (LazyListView.tsx).
    expect(((await screen.findByRole('checkbox', { name: 'Newest upload' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: '<b>Not markup</b>' }) as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('transcript saved')).toBeTruthy();
    expect(page.of('lists.take')).toHaveLength(1);
    expect(bg.of('bulk.quote')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    await waitFor(() =>
      expect(bg.of('bulk.quote')).toEqual([
        { type: 'bulk.quote', channel: 'list:watchlist', ids: ['tvaDemo0001', 'tvaDemo0002'] },
      ]),
    );
  });

  it('shows nothing when no list was handed over', async () => {
    const page = fakePageSend({ 'lists.take': () => okReply(null) });
    render(<HandedList send={page.send} sendBulk={bulk().send} saved={new Set()} />);
    await waitFor(() => expect(page.of('lists.take')).toHaveLength(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('SelectionView (the library’s selection in the bulk view)', () => {
  it('says how many are saved and prices the selection as the list:selection', async () => {
    const bg = bulk();
    const items = [item('tvaHuman001', 'First', true), item('tvaAutoGen1', null, false)];
    render(<SelectionView items={items} send={bg.send} onClose={() => undefined} />);
    expect(
      screen.getByText(
        '2 videos selected; 1 saved transcript (downloading or searching them is free), 1 without one (priced before anything is sent).',
      ),
    ).toBeTruthy();
    // A video the library holds no title for is named by its id.
    expect(await screen.findByRole('checkbox', { name: 'tvaAutoGen1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    await waitFor(() =>
      expect(bg.of('bulk.quote')).toEqual([
        { type: 'bulk.quote', channel: 'list:selection', ids: ['tvaHuman001', 'tvaAutoGen1'] },
      ]),
    );
  });
});
