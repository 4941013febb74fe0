// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelPaste } from '../../entrypoints/library/ChannelPaste';
import type { ChannelsQuote } from '../../utils/channel/replies';
import { fakePageSend, fakeSend, okReply } from './kit';

afterEach(cleanup);

const quoted = (perRequest: number, planKnown: boolean): ChannelsQuote => ({
  status: 'quoted',
  quoteId: 'q1',
  toList: ['@tvademo', '@tvabig'],
  held: [],
  cloudRequests: 2,
  requests: 2 / perRequest,
  perRequest,
  planKnown,
  balance: null,
});

async function priceOf(quote: ChannelsQuote): Promise<string> {
  const page = fakePageSend({ 'channels.quote': () => okReply(quote) });
  render(<ChannelPaste send={page.send} sendBulk={fakeSend({}).send} />);
  fireEvent.input(screen.getByRole('textbox', { name: 'Channels to list' }), {
    target: { value: '@tvademo\n@tvabig' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Read the channels' }));
  await waitFor(() => expect(screen.getByRole('button', { name: /^List 2 channels/ })).toBeTruthy());
  return screen.getByText(/^Listing 2 channels/).textContent ?? '';
}

describe('ChannelPaste: the price of several channels', () => {
  it('while the plan is not known: one channel per request, said, never "up to 0 channels"', async () => {
    const price = await priceOf(quoted(1, false));
    expect(price).toBe(
      'Listing 2 channels costs up to 2 Cloud Requests (a channel that cannot be listed is free), sent one channel per request: your plan is not known yet.',
    );
  });

  it('on a known plan: the plan’s size', async () => {
    const price = await priceOf(quoted(2, true));
    expect(price).toMatch(/sent in 1 request of up to 2 channels\.$/);
  });
});
