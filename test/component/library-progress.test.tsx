// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryApp } from '../../entrypoints/library/LibraryApp';
import type { LibraryItem, LibraryList } from '../../utils/library/replies';
import { itemOf } from '../library-builders';
import { fakePageSend, okReply } from './kit';

afterEach(cleanup);

const OTHER = 'tvaPending1';
const pending: LibraryItem = {
  ...itemOf({ videoId: OTHER, title: null, channel: null, savedAt: 0, language: null, analysis: null }),
  questions: null,
  pending: true,
};

/** The lists a library being read then indexed answers with, one per ask, the last one repeated. */
function listsInTurn(lists: LibraryList[]) {
  let n = 0;
  return () => okReply(lists[Math.min(n++, lists.length - 1)] as LibraryList);
}

describe('library: the first open of a large library', () => {
  it('lists at once, says how far the reading and indexing are, and asks again until both end', async () => {
    const reading: LibraryList = {
      items: [itemOf(), pending],
      hasAccount: true,
      progress: { reading: { done: 1, total: 2 }, indexing: null },
    };
    const indexing: LibraryList = {
      items: [itemOf(), itemOf({ videoId: OTHER, title: 'Read now' })],
      hasAccount: true,
      progress: { reading: null, indexing: { done: 1_420, total: 2_000 } },
    };
    const done: LibraryList = { items: indexing.items, hasAccount: true };
    const fake = fakePageSend({ 'library.list': listsInTurn([reading, indexing, done]) });
    render(<LibraryApp send={fake.send} save={() => undefined} copy={async () => {}} listHeight={600} />);

    const progress = await screen.findByRole('status', { name: 'Library progress' });
    expect(progress.textContent).toMatch(/^Reading 1 of 2 videos…/);
    const row = screen.getByRole('region', { name: 'Videos' }).querySelector(`[data-video-id="${OTHER}"]`);
    expect(row?.textContent).toContain('Reading…');
    // What removing a video not read yet gives up is not known: it waits, as do exports of everything shown.
    expect(within(row as HTMLElement).getByRole('button', { name: `Remove ${OTHER}` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: /Export JSON/ })).toHaveProperty('disabled', true);
    // The search box is there from the start.
    expect(screen.getByRole('searchbox', { name: 'Search library' })).toHaveProperty('disabled', false);

    await waitFor(
      () => expect(progress.isConnected && progress.textContent).toMatch(/^Indexing 1,420 of 2,000 videos…/),
      {
        timeout: 3_000,
      },
    );
    expect(screen.getByText('Read now')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Library progress' })).toBeNull(), {
      timeout: 3_000,
    });
    expect(fake.of('library.list')).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(fake.of('library.list')).toHaveLength(3);
  });

  it('a search while indexing says it covered the videos indexed so far, and is asked again once all are', async () => {
    const indexing: LibraryList = {
      items: [itemOf()],
      hasAccount: true,
      progress: { reading: null, indexing: { done: 420, total: 1_000 } },
    };
    const fake = fakePageSend({
      'library.list': listsInTurn([indexing, { items: [itemOf()], hasAccount: true }]),
      'library.search': () => okReply([]),
    });
    render(<LibraryApp send={fake.send} save={() => undefined} copy={async () => {}} listHeight={600} />);
    await screen.findByRole('status', { name: 'Library progress' });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search library' }), { target: { value: 'quorum' } });
    await screen.findByText(/Nothing found\. · in the 420 videos indexed so far; the rest are being indexed/);
    await waitFor(() => expect(fake.of('library.search')).toHaveLength(2), { timeout: 3_000 });
    await waitFor(() => expect(screen.getByText('Nothing found.')).toBeTruthy());
    expect(screen.queryByText(/indexed so far/)).toBeNull();
  });
});
