import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createServices } from '../../../entrypoints/background';
import { createCore } from '../../../entrypoints/background/core/core';
import type { BulkArchive, BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel-replies';
import type { Reply } from '../../../utils/protocol/envelope';
import type { SenderLike } from '../../../utils/protocol/receive';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { tokenItem } from '../../../utils/secrets';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { type RunningService, startService } from '../../service/index';
import { runOf, spendInWindow } from './harness';

/**
 * A run's deliveries stay pinned (never evicted) until its file is saved. Saving it is the run's own panel's
 * word: another tab's content script that asks for the file gets it, and unpins nothing.
 */
let service: RunningService;
const tab = (id: number): SenderLike => ({
  id: 'ext',
  tab: { id, active: true, url: 'https://www.youtube.com/@tvademo' },
});
const OWN = tab(7);
const OTHER = tab(9);

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(async () => {
  await fetch(`${service.url}/__control/reset`, { method: 'POST', body: '{}' });
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue('demo-starter');
});

describe('only the run’s own panel unpins its deliveries', () => {
  it('a save from another tab leaves them pinned; the run’s own tab’s save unpins them', async () => {
    const { handlers, bulk } = createServices({ core: createCore() });
    const content = async <T>(message: ContentMessage, sender = OWN) => {
      const reply = (await handlers.content(message, sender)) as Reply<T>;
      if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
      return reply.data;
    };
    const channel = '@tvademo';
    const lookup = await content<ChannelLookup>({ type: 'channel.get', channel });
    const listed = await content<ChannelLookup>({
      type: 'channel.list',
      channel,
      quoteId: lookup.status === 'quoted' ? lookup.quote.quoteId : '',
    });
    const ids = (listed.status === 'quoted' ? (listed.listing?.uploads ?? []) : []).slice(0, 3).map((u) => u.id);
    const quote = await content<BulkQuote>({ type: 'bulk.quote', channel, ids });
    const result = await spendInWindow(handlers, { kind: 'bulk', channel, ids, quoteId: quote.quoteId }, OWN);
    if (!result.ok) throw new Error(result.error.message);
    const { runId } = runOf(result.data);
    await expect
      .poll(async () => (await content<BulkStatus>({ type: 'bulk.status', runId })).state, { timeout: 10_000 })
      .toBe('finished');
    // Marked saved and unpinned together (channel/bulk.ts, fileSaved): until then pinnedOf keeps its selection.
    const savedAt = async () => (await bulk.run(runId))?.savedAt ?? null;

    // Another tab gets the file (it is free and holds nothing secret), and unpins nothing.
    const theirs = await content<BulkArchive>({ type: 'bulk.archive', channel, format: 'srt', runId }, OTHER);
    expect(theirs.filename).toMatch(/\.zip$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(await savedAt()).toBeNull();

    await content<BulkArchive>({ type: 'bulk.archive', channel, format: 'srt', runId }, OWN);
    await expect.poll(savedAt).not.toBeNull();
  }, 30_000);
});
