// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { okReply } from './kit';
import { setup } from './popup.setup';

afterEach(cleanup);

const lists = { watchlists: [{ watchlistId: 'wl-demo', name: 'TVA Demo uploads', recordedUploads: 4 }] };

async function openDemo(uploads: unknown[]) {
  const fake = setup({
    'watchlists.list': () => okReply(lists),
    'watchlists.activity': () => okReply({ uploads }),
    'lists.hand': () => okReply({ opened: true as const }),
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Show watchlists' }));
  fireEvent.click(await screen.findByRole('button', { name: /^TVA Demo uploads/ }));
  return fake;
}

describe('a watchlist’s uploads handed to the library page', () => {
  it('hands over the recorded videos, each once, ids checked, titles as given; sends nothing before the click', async () => {
    const { of } = await openDemo([
      { videoId: 'tvaDemo0001', title: 'Newest upload' },
      { videoId: 'tvaDemo0001', title: 'The same again' },
      { videoId: 'not an id!', title: 'Hostile' },
      { url: 'https://www.youtube.com/watch?v=tvaDemo0002', title: `Long ${'x'.repeat(400)}` },
      { title: 'No video at all' },
    ]);
    const button = await screen.findByRole('button', { name: 'Download or search these 2 uploads' });
    expect(screen.getByText('Opens the library page: the price first, nothing is sent until you choose.')).toBeTruthy();
    expect(of('lists.hand')).toEqual([]);
    fireEvent.click(button);
    const [sent] = of('lists.hand');
    expect(sent?.name).toBe('TVA Demo uploads');
    expect(sent?.videos.map((v) => v.id)).toEqual(['tvaDemo0001', 'tvaDemo0002']);
    expect(sent?.videos[0]?.title).toBe('Newest upload');
    expect(sent?.videos[1]?.title).toHaveLength(300);
  });

  it('offers nothing for a watchlist whose uploads name no video', async () => {
    await openDemo([{ title: 'No video at all' }]);
    await screen.findByText('No video at all');
    expect(screen.queryByRole('button', { name: /^Download or search/ })).toBeNull();
  });
});
