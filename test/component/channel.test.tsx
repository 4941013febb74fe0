// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelView } from '../../components/channel/ChannelView';
import type { ChannelListing, ChannelLookup } from '../../utils/channel/replies';
import { untrusted } from '../setup/trusted-events';
import { errReply, fakeSend, okReply, wholeText } from './kit';

const quote = { quoteId: 'q1', cloudRequests: 1, balance: 24 };

function listing(n: number, over: Partial<ChannelListing> = {}): ChannelListing {
  return {
    channel: '@tvademo',
    channelId: 'UCtvademo000000000000000',
    title: 'TVA Demo',
    videoCount: n,
    truncated: false,
    listedAt: Date.now(),
    uploads: Array.from({ length: n }, (_, i) => ({
      id: `vid${String(i).padStart(8, '0')}`,
      title: `Upload ${i}`,
      published: null,
      saved: i === 0,
      analyzed: i === 1,
    })),
    ...over,
  };
}

const quoted = (held: ChannelListing | null): ChannelLookup => ({ status: 'quoted', quote, listing: held });

afterEach(cleanup);

describe('ChannelView', () => {
  it('shows the price before anything is bought, and lists only on a person’s click', async () => {
    const bg = fakeSend({
      'channel.get': () => okReply(quoted(null)),
      'channel.list': () => okReply(quoted(listing(3))),
    });
    render(<ChannelView channel="@tvademo" send={bg.send} />);
    const button = await screen.findByRole('button', { name: 'List uploads' });
    expect(screen.getByText('1 Cloud Request · 24 left')).toBeTruthy();
    button.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    expect(bg.of('channel.list')).toEqual([]);
    fireEvent.click(button);
    await screen.findByRole('checkbox', { name: 'Upload 0' });
    expect(bg.of('channel.list')).toEqual([{ type: 'channel.list', channel: '@tvademo', quoteId: 'q1' }]);
    expect(screen.getByText('transcript saved')).toBeTruthy();
    expect(screen.getByText('analysis ready')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh uploads' })).toBeTruthy();
  });

  it('shows the video count the service found beside the listing, and an upload’s author only where it differs', async () => {
    const held = listing(3, { videoCount: 1234 });
    const [first, second] = held.uploads;
    if (!first || !second) throw new Error('no uploads');
    first.author = 'TVA Demo';
    second.author = 'A Guest Channel';
    render(<ChannelView channel="@tvademo" send={fakeSend({ 'channel.get': () => okReply(quoted(held)) }).send} />);
    expect(
      await screen.findByText(wholeText(/^TVA Demo: 3 uploads listed just now · 1,234 found on the channel\.$/)),
    ).toBeTruthy();
    expect(screen.getByText(wholeText('by A Guest Channel'))).toBeTruthy();
    expect(screen.queryByText('by TVA Demo')).toBeNull();
  });

  it('on Free says what is needed and offers no button', async () => {
    const bg = fakeSend({ 'channel.get': () => okReply({ status: 'gated', message: 'Needs Starter. Upgrade.' }) });
    render(<ChannelView channel="@tvademo" send={bg.send} />);
    await screen.findByText('Needs Starter. Upgrade.');
    expect(screen.queryByRole('button', { name: 'List uploads' })).toBeNull();
  });

  it('says when the list is truncated, filters, and selects all shown or none', async () => {
    const bg = fakeSend({ 'channel.get': () => okReply(quoted(listing(500, { truncated: true }))) });
    render(<ChannelView channel="@tvabig" send={bg.send} />);
    await screen.findByText('More uploads exist than the service lists (500).');
    // Virtualized: far fewer than 500 rows are in the document.
    expect(screen.getAllByRole('checkbox').length).toBeLessThan(60);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter uploads' }), { target: { value: 'Upload 49' } });
    await screen.findByText('0 selected · 11 shown');
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    await screen.findByText('11 selected · 11 shown');
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    await screen.findByText('0 selected · 11 shown');
  });

  it('shows a per-channel failure and a request-level error as sentences', async () => {
    const bg = fakeSend({
      'channel.get': () => okReply(quoted(null)),
      'channel.list': () =>
        okReply<ChannelLookup>({ status: 'failed', code: 'channel_not_found', message: 'No channel.', quote }),
    });
    render(<ChannelView channel="@nobody" send={bg.send} />);
    fireEvent.click(await screen.findByRole('button', { name: 'List uploads' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No channel. Nothing was charged.'));
    cleanup();
    const down = fakeSend({
      'channel.get': () => okReply(quoted(null)),
      'channel.list': () => errReply('insufficient_cloud_requests', 'You have no Cloud Requests left.'),
    });
    render(<ChannelView channel="@tvademo" send={down.send} />);
    fireEvent.click(await screen.findByRole('button', { name: 'List uploads' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('You have no Cloud Requests left.'));
    // A fresh price is fetched after the failed purchase.
    expect(down.of('channel.get')).toHaveLength(2);
  });
});
