// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaylistView } from '../../components/channel/PlaylistView';
import { PasteList } from '../../entrypoints/library/PasteList';
import type { BulkQuote } from '../../utils/channel/replies';
import { fakeSend, okReply } from './kit';

afterEach(cleanup);

const quote = (selected: number, uncached: number): BulkQuote => ({
  quoteId: 'q1',
  selected,
  uncached,
  balance: 100,
  aiUnitsUpTo: 0,
  priceText: `${uncached} Cloud Requests`,
  mayHaveBeenCharged: 0,
  sizeNote: null,
});

describe('PasteList ("Videos to add" in the library)', () => {
  it('names each bad line by its number, then prices exactly the videos read, nothing before', async () => {
    const bg = fakeSend({
      'bulk.current': () => okReply(null),
      'bulk.quote': (m) => okReply(quote(m.ids.length, m.ids.length - 1)),
      'search.local': (m) => okReply({ query: m.query, searched: 0, unsaved: [], videos: [] }),
    });
    render(<PasteList send={bg.send} titles={new Map([['tvaHuman001', 'Distributed Systems']])} />);
    const box = screen.getByRole('textbox', { name: 'Videos to add' });
    fireEvent.input(box, {
      target: {
        value: 'url\nhttps://youtu.be/tvaHuman001\nnot a video\ntvaAutoGen1\n\nhttps://vimeo.com/1\ntvaHuman001\nx',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read the list' }));
    expect(screen.getByText('2 videos read, 1 repeat kept once; 3 lines could not be read:')).toBeTruthy();
    expect(screen.getByText('Line 3: “not a video” is not a YouTube video link or id.')).toBeTruthy();
    expect(screen.getByText('Line 6: “https://vimeo.com/1” is not a YouTube video link or id.')).toBeTruthy();
    expect(screen.getByText('Line 8: “x” is not a YouTube video link or id.')).toBeTruthy();
    // The library's title where it holds the video, the id otherwise.
    expect(await screen.findByRole('checkbox', { name: 'Distributed Systems' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'tvaAutoGen1' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search these videos' })).toBeTruthy();
    expect(bg.of('bulk.quote')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    await waitFor(() => expect(screen.getByText(/2 videos selected: 1 transcript to buy/)).toBeTruthy());
    expect(bg.of('bulk.quote')).toEqual([
      { type: 'bulk.quote', channel: 'list:pasted', ids: ['tvaHuman001', 'tvaAutoGen1'] },
    ]);
  });
});

describe('PlaylistView', () => {
  it('shows the page’s rows, says how many are loaded, and reads rows the page adds', async () => {
    const bg = fakeSend({
      'bulk.current': () => okReply(null),
      'search.local': (m) => okReply({ query: m.query, searched: 0, unsaved: [], videos: [] }),
    });
    const row = (id: string, title: string) =>
      `<ytd-playlist-video-renderer><a id="video-title" href="/watch?v=${id}&list=PLx">${title}</a></ytd-playlist-video-renderer>`;
    document.body.innerHTML = `<ytd-playlist-video-list-renderer><div id="contents">${row('tvaHuman001', 'One')}</div></ytd-playlist-video-list-renderer>`;
    const page = document.body.innerHTML;
    const host = document.createElement('div');
    document.body.append(host);
    render(<PlaylistView playlist="playlist:PLx" send={bg.send} doc={document} />, { container: host });
    expect(screen.getByText(/^1 video of this playlist loaded by the page\. Scroll the page’s list/)).toBeTruthy();
    document.querySelector('#contents')?.insertAdjacentHTML('beforeend', row('tvaAutoGen1', 'Two'));
    await waitFor(() => expect(screen.getByText(/^2 videos of this playlist loaded by the page\./)).toBeTruthy());
    expect(screen.getByRole('checkbox', { name: 'Two' })).toBeTruthy();
    expect(page).toContain('tvaHuman001');
  });
});
