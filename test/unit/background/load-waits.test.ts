import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { TranscriptLookup, TranscriptNotLoaded } from '../../../utils/panel/replies';
import { useLocalService } from '../local-service';
import { startBackground } from './harness';

/**
 * "Load transcript" of a video another purchase (a bulk batch) is carrying waits for it. When that purchase's
 * answer never arrives readable, the service may have charged the video: the Load sends nothing more and says
 * so, with the price of trying again; the person's next click buys it.
 */
const service = useLocalService(60_000);
const { control } = service;
const sender = { id: 'ext', tab: { id: 4, active: true, url: 'https://www.youtube.com/watch?v=tvaDemo0037' } };
const VIDEO = 'tvaDemo0037';

const charges = () => service.state.charges.filter((c) => c.videoId === VIDEO);

describe('a Load that waited for a batch whose outcome is unknown', () => {
  it('sends nothing more, says it may have been charged with the price, and buys on the next click', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender });
    // The batch is processed (charged), held long enough for the Load to join it on a busy machine, then answered
    // unreadably.
    await control('faults', { path: '/api/transcripts', processFirst: true, delayMs: 3_000, body: 'malformed' });
    const batch = bg.core.till
      .buyTranscripts({ ids: [VIDEO], lang: 'en', path: 'bulk', priority: 'background', keep: async () => {} })
      .catch((error: unknown) => error);
    await expect.poll(async () => bg.core.till.transcriptsBusy([VIDEO])).toEqual([VIDEO]);

    const quote = async () => {
      const lookup = await bg.content<TranscriptLookup>({ type: 'transcript.get', videoId: VIDEO });
      return (lookup.ok ? (lookup.data as TranscriptNotLoaded) : null)?.quote.quoteId ?? '';
    };
    const load = async () =>
      bg.content({ type: 'transcript.load', videoId: VIDEO, consent: { quoteId: await quote() } });
    const waited = await load();
    expect(await batch).toMatchObject({ details: { mayHaveCharged: true } });
    expect(waited).toMatchObject({
      ok: false,
      error: {
        code: 'unknown_outcome',
        message: expect.stringMatching(/may have delivered and charged.*Trying again costs 1 Cloud Request/),
        details: { mayHaveCharged: true },
      },
    });
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts')).toHaveLength(1);
    expect(charges()).toHaveLength(1);

    // Told, the person tries again: that click buys it.
    const again = await load();
    expect(again.ok && (again.data as TranscriptLookup).status).toBe('ok');
    expect(charges()).toHaveLength(2);
  });
});
