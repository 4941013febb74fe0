import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BulkArchive, BulkStatus } from '../../../utils/channel/replies';
import type { SenderLike } from '../../../utils/protocol/receive';
import { useLocalService } from '../local-service';
import { dataOf, quotedUploads, runOf, spendInWindow, startBackground } from './harness';

/**
 * A run's deliveries stay pinned (never evicted) until its file is saved. Saving it is the run's own panel's
 * word: another tab's content script that asks for the file gets it, and unpins nothing.
 */
const service = useLocalService(60_000);
const tab = (id: number): SenderLike => ({
  id: 'ext',
  tab: { id, active: true, url: 'https://www.youtube.com/@tvademo' },
});
const OWN = tab(7);
const OTHER = tab(9);

describe('only the run’s own panel unpins its deliveries', () => {
  it('a save from another tab leaves them pinned; the run’s own tab’s save unpins them', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender: OWN });
    const content = dataOf(bg);
    const channel = '@tvademo';
    const { ids, quote } = await quotedUploads(bg, channel, 3);
    const result = await spendInWindow(bg.handlers, { kind: 'bulk', channel, ids, quoteId: quote.quoteId }, OWN);
    if (!result.ok) throw new Error(result.error.message);
    const { runId } = runOf(result.data);
    await expect
      .poll(async () => (await content<BulkStatus>({ type: 'bulk.status', runId })).state, { timeout: 10_000 })
      .toBe('finished');
    // Marked saved and unpinned together (channel/bulk.ts, fileSaved): until then pinnedOf keeps its selection.
    const savedAt = async () => (await bg.bulk.run(runId))?.savedAt ?? null;

    // Another tab gets the file (it is free and holds nothing secret), and unpins nothing.
    const archive = { type: 'bulk.archive', channel, format: 'srt', runId } as const;
    const theirs = (await bg.handlers.content(archive, OTHER)) as { ok: boolean; data?: BulkArchive };
    expect(theirs.data?.filename).toMatch(/\.zip$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(await savedAt()).toBeNull();

    await content<BulkArchive>(archive);
    await expect.poll(savedAt).not.toBeNull();
  }, 30_000);
});
