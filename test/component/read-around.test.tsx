// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadAround } from '../../components/channel/ReadAround';
import { fakeSend, okReply } from './kit';

afterEach(cleanup);

const VIDEO = 'unsavedVid1';
const priced = { held: null, from: 200, to: 320, quoteId: 'q1', cloudRequests: 1, balance: 9, refusal: null };

describe('"Read around this moment" costs what the whole transcript does', () => {
  it('its price offers the whole transcript, in the video’s panel, for the same Cloud Request; following it buys nothing', async () => {
    const fake = fakeSend({ 'around.quote': () => okReply(priced) });
    render(<ReadAround send={fake.send} videoId={VIDEO} at={260} />);
    fireEvent.click(screen.getByRole('button', { name: 'Read around this moment' }));
    expect(await screen.findByRole('button', { name: 'Read for 1 Cloud Request' })).toBeTruthy();
    expect(screen.getByText(/For the same 1 Cloud Request, the video’s panel loads its whole transcript/)).toBeTruthy();
    const whole = screen.getByRole('link', { name: 'Open the video for its whole transcript' });
    // The watch page at the part's start, its panel on the Transcript tab (where "Load transcript" is).
    expect(whole.getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${VIDEO}&t=200s#transcript-lens=transcript`,
    );
    expect(whole.getAttribute('target')).toBe('_blank');
    expect(fake.calls().map((m) => m.type)).toEqual(['around.quote']);
  });

  it('is not offered before the price is asked for', () => {
    const fake = fakeSend({ 'around.quote': () => okReply(priced) });
    render(<ReadAround send={fake.send} videoId={VIDEO} at={260} />);
    expect(screen.queryByRole('link', { name: 'Open the video for its whole transcript' })).toBeNull();
  });
});
