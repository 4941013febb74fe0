import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { buyTranscript } from '../../../entrypoints/background/panel/buy-transcript';
import type { TranscriptLookup, TranscriptNotLoaded } from '../../../utils/panel/replies';
import { useLocalService } from '../local-service';
import { startBackground } from './harness';

/**
 * Ten tabs pressing "Load transcript" on one video at once buy it once. A Load looks for the saved transcript
 * before it joins the purchase on its way; one whose look came before another tab's purchase ended, and whose
 * turn came after, finds the transcript saved in its turn and sends nothing.
 */
const service = useLocalService(60_000);
const tab = (id: number, video: string) => ({
  id: 'ext',
  tab: { id, active: true, url: `https://www.youtube.com/watch?v=${video}` },
});
// The cache outlives a test (fake IndexedDB), so each test has its own video and counts its own requests.
const sent = () => service.state.requests.filter((r) => r.path === '/api/transcripts').length;
const charged = (video: string) => service.state.charges.filter((c) => c.videoId === video);

describe('a Load of a video another purchase saved after the Load looked', () => {
  it('sends nothing in its turn and shows the saved transcript', async () => {
    const VIDEO = 'tvaDemo0037';
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender: tab(1, VIDEO) });
    const before = sent();
    const first = await buyTranscript(bg.core, VIDEO, 'en');
    expect(first.status).toBe('ok');
    // The second Load looked before the first was saved (its caller found nothing) and gets its turn now.
    const second = await buyTranscript(bg.core, VIDEO, 'en');
    expect(second).toMatchObject({ status: 'ok', videoId: VIDEO });
    expect(sent() - before).toBe(1);
    expect(charged(VIDEO)).toHaveLength(1);
  });

  it('ten tabs pressing Load at once: one request, one charge, the transcript in every tab', async () => {
    const VIDEO = 'tvaDemo0036';
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender: tab(1, VIDEO) });
    await service.control('slow', { path: '/api/transcripts', delayMs: 300 });
    const before = sent();
    const tabs = Array.from({ length: 10 }, (_, i) => tab(i + 1, VIDEO));
    const quotes = await Promise.all(
      tabs.map(async (sender) => {
        const lookup = await bg.content<TranscriptLookup>({ type: 'transcript.get', videoId: VIDEO }, sender);
        return (lookup.ok ? (lookup.data as TranscriptNotLoaded) : null)?.quote.quoteId ?? '';
      }),
    );
    const loads = await Promise.all(
      tabs.map((sender, i) =>
        bg.content<TranscriptLookup>(
          { type: 'transcript.load', videoId: VIDEO, consent: { quoteId: quotes[i] ?? '' } },
          sender,
        ),
      ),
    );
    expect(loads.map((l) => l.ok && l.data.status)).toEqual(Array(10).fill('ok'));
    expect(sent() - before).toBe(1);
    expect(charged(VIDEO)).toHaveLength(1);
  });
});
