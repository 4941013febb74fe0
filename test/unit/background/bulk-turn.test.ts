import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BulkStatus } from '../../../utils/channel/replies';
import type { TranscriptLookup, TranscriptNotLoaded } from '../../../utils/panel/replies';
import { useLocalService } from '../local-service';
import { dataOf, quotedUploads, runOf, spendInWindow, startBackground } from './harness';

/**
 * A batch looks at what is saved when it is formed; at its turn it looks again only for the videos another
 * purchase took since (till.watchTranscripts), so a video a panel bought while the batch waited is not bought twice.
 */
const service = useLocalService(60_000);
const sender = { id: 'ext', tab: { id: 7, active: true, url: 'https://www.youtube.com/@tvabig' } };
const CHANNEL = '@tvabig';

describe("a bulk batch's turn", () => {
  it('drops a video a panel bought while the batch waited for its window; the rest is bought once', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender });
    const content = dataOf(bg);
    // Six batches: the listing and four fill the REST burst (5 per 10 s); the last two are formed and wait.
    const { ids, quote } = await quotedUploads(bg, CHANNEL, 300);
    const spent = await spendInWindow(
      bg.handlers,
      { kind: 'bulk', channel: CHANNEL, ids, quoteId: quote.quoteId, format: 'srt' },
      sender,
    );
    if (!spent.ok) throw new Error(spent.error.message);
    const runId = runOf(spent.data).runId;
    const status = () => content<BulkStatus>({ type: 'bulk.status', runId });
    await expect.poll(async () => (await status()).done, { timeout: 8_000 }).toBe(200);

    // A panel loads a video of the sixth batch: its request goes first when the window has room.
    const video = ids[270] ?? '';
    const got = await content<TranscriptLookup>({ type: 'transcript.get', videoId: video });
    const consent = { quoteId: (got as TranscriptNotLoaded).quote.quoteId };
    const loaded = await content<TranscriptLookup>({ type: 'transcript.load', videoId: video, consent });
    expect(loaded.status).toBe('ok');

    await expect.poll(async () => (await status()).state, { timeout: 8_000 }).toBe('finished');
    const run = await status();
    expect(run.done).toBe(300);
    const charged = service.state.charges.filter((c) => c.videoId !== undefined).map((c) => c.videoId);
    expect(charged.filter((id) => id === video)).toHaveLength(1);
    expect(new Set(charged).size).toBe(300);
    expect(charged).toHaveLength(300);
  }, 40_000);
});
