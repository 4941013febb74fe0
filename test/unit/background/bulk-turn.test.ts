import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel-replies';
import type { TranscriptLookup, TranscriptNotLoaded } from '../../../utils/panel-replies';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { useLocalService } from '../local-service';
import { runOf, spendInWindow, startBackground } from './harness';

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
    const content = async <T>(message: ContentMessage) => {
      const reply = await bg.content<T>(message);
      if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
      return reply.data;
    };
    const lookup = await content<ChannelLookup>({ type: 'channel.get', channel: CHANNEL });
    const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
    const listed = await content<ChannelLookup>({ type: 'channel.list', channel: CHANNEL, quoteId });
    const uploads = listed.status === 'quoted' ? (listed.listing?.uploads ?? []) : [];
    // Six batches: the listing and four fill the REST burst (5 per 10 s); the last two are formed and wait.
    const ids = uploads.slice(0, 300).map((u) => u.id);
    const quote = await content<BulkQuote>({ type: 'bulk.quote', channel: CHANNEL, ids });
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
