import 'fake-indexeddb/auto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import { bulkStore } from '../../../utils/bulk/store';
import type {
  BulkArchive,
  BulkOutput,
  BulkPieces,
  BulkQuote,
  BulkStatus,
  ChannelLookup,
} from '../../../utils/channel/replies';
import { joined } from '../../../utils/export/archive';
import { withHeld } from '../../../utils/export/held-pieces';
import type { BroadcastMessage } from '../../../utils/protocol/broadcasts';
import type { Reply } from '../../../utils/protocol/envelope';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { type RunningService, startService } from '../../service/index';
import { runOf, spendInWindow } from './harness';

/**
 * A run's file is made as its batches arrive (channel/run-file.ts) and only put together at its end; a worker
 * that never saw the batches (a restart) builds it from the saved transcripts. Both must give the same file.
 * The run's end is pushed to the tab that follows it.
 */
let service: RunningService;
const TAB = 7;
const sender = { id: 'ext', tab: { id: TAB, active: true, url: 'https://www.youtube.com/@tvamixed' } };

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(async () => {
  await fetch(`${service.url}/__control/reset`, { method: 'POST', body: '{}' });
  await fetch(`${service.url}/__control/limits`, { method: 'POST', body: JSON.stringify({ enabled: false }) });
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue('demo-starter');
});

function worker() {
  const told: [number, BroadcastMessage][] = [];
  let clock = Date.now();
  const { handlers, bulk } = createServices({
    core: createCoreAndTill(),
    bulkDeps: {
      store: bulkStore,
      keepAlive: async () => undefined,
      tellTab: async (tabId, message) => told.push([tabId, message]),
      // The passes' backoff is waited out by moving the clock.
      now: () => clock,
      wait: async (ms: number) => {
        clock += ms;
      },
    },
  });
  const content = async <T>(message: ContentMessage) => {
    const reply = (await handlers.content(message, sender)) as Reply<T>;
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.data;
  };
  return { handlers, bulk, content, told };
}

/** The first `count` uploads of a channel bought in a run followed by a panel in tab TAB, to its end. */
async function runToEnd(channel: string, count: number, format: BulkOutput) {
  const first = worker();
  const lookup = await first.content<ChannelLookup>({ type: 'channel.get', channel });
  const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
  const listed = await first.content<ChannelLookup>({ type: 'channel.list', channel, quoteId });
  const uploads = listed.status === 'quoted' ? (listed.listing?.uploads ?? []) : [];
  const ids = uploads.slice(0, count).map((u) => u.id);
  const quote = await first.content<BulkQuote>({ type: 'bulk.quote', channel, ids });
  const result = await spendInWindow(
    first.handlers,
    { kind: 'bulk', channel, ids, quoteId: quote.quoteId, format },
    sender,
  );
  if (!result.ok) throw new Error(result.error.message);
  const started = runOf(result.data);
  let status: BulkStatus = started;
  for (let i = 0; i < 400 && status.state === 'running'; i++) {
    // The panel's poll: it also tells the background which tab follows the run.
    status = await first.content<BulkStatus>({ type: 'bulk.status', runId: started.runId });
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(status.state).toBe('finished');
  return { first, runId: started.runId, done: status.done };
}

const archiveOf = (w: ReturnType<typeof worker>, channel: string, runId: string, format: BulkOutput) =>
  w.content<BulkArchive>({ type: 'bulk.archive', channel, format, runId });
const unzipped = (a: BulkArchive) => {
  const files = unzipSync(new Uint8Array(Buffer.from(a.base64, 'base64')));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
};

describe("a bulk run's file", () => {
  it('made as the batches arrived is the file a restarted worker builds from the saved transcripts (ZIP)', async () => {
    // 120 videos with every kind of failure (105 delivered), in three passes.
    const { first, runId, done } = await runToEnd('@tvamixed', 120, 'srt');
    expect(done).toBe(105);
    await expect.poll(() => first.told).toEqual([[TAB, { type: 'bulk.ended', runId }]]);
    // Every delivered video's entry was made as its batch arrived; none is left to the end.
    expect((await first.bulk.parts(runId, 'srt')).size).toBe(105);
    const made = unzipped(await archiveOf(first, '@tvamixed', runId, 'srt'));
    const rebuilt = unzipped(await archiveOf(worker(), '@tvamixed', runId, 'srt'));
    expect(Object.keys(made).filter((n) => n.endsWith('.srt'))).toHaveLength(105);
    expect(Object.keys(made)).toEqual(Object.keys(rebuilt));
    expect(made).toEqual(rebuilt);
  }, 30_000);

  it('the same for JSON Lines, byte for byte', async () => {
    // Other videos than the first test's (the browser's IndexedDB is kept between tests).
    const { first, runId, done } = await runToEnd('@tvabig', 60, 'jsonl');
    expect(done).toBe(60);
    expect((await first.bulk.parts(runId, 'jsonl')).size).toBe(60);
    const made = Buffer.from((await archiveOf(first, '@tvabig', runId, 'jsonl')).base64, 'base64').toString();
    const rebuilt = Buffer.from((await archiveOf(worker(), '@tvabig', runId, 'jsonl')).base64, 'base64').toString();
    expect(made.split('\n').filter((line) => line.includes('"segments":[{'))).toHaveLength(60);
    expect(made).toBe(rebuilt);
  }, 30_000);

  it("crosses without the pieces its page holds, and the page's file is the same; another making's are not used", async () => {
    // The JSON Lines test's 60 are saved: 40 bought, their pieces made as they arrived; the 60 made at the end.
    const { first, runId, done } = await runToEnd('@tvabig', 100, 'srt');
    expect(done).toBe(40);
    // Every part made (one per task: the page's asks while the run goes get those made by then).
    expect((await first.bulk.parts(runId, 'srt')).size).toBe(40);
    const pieces = await first.content<BulkPieces>({ type: 'bulk.pieces', runId, format: 'srt', from: 0 });
    expect(pieces.from).toBe(0);
    expect(pieces.sizes).toHaveLength(done);
    const all = Buffer.from(pieces.base64, 'base64');
    const held: Uint8Array<ArrayBuffer>[] = [];
    for (let at = 0, n = 0; n < pieces.sizes.length; at += pieces.sizes[n] ?? 0, n++)
      held.push(new Uint8Array(all.subarray(at, at + (pieces.sizes[n] ?? 0))));
    // The page asks again from where it is: the rest, nothing twice.
    const later = await first.content<BulkPieces>({ type: 'bulk.pieces', runId, format: 'srt', from: done - 2 });
    expect(later.sizes).toEqual(pieces.sizes.slice(-2));
    // It holds all but the last two; a stranger's making (another epoch) is sent whole.
    const count = done - 2;
    const file = await first.content<BulkArchive>({
      type: 'bulk.archive',
      channel: '@tvabig',
      format: 'srt',
      runId,
      held: { epoch: pieces.epoch, count },
    });
    expect(file.held?.map((h) => h.piece)).toEqual([...Array(count).keys()]);
    const parts = withHeld(new Uint8Array(Buffer.from(file.base64, 'base64')), file.held ?? [], held);
    expect(parts).not.toBeNull();
    const whole = await first.content<BulkArchive>({
      type: 'bulk.archive',
      channel: '@tvabig',
      format: 'srt',
      runId,
      held: { epoch: 'another', count },
    });
    expect(whole.held).toBeUndefined();
    const wholeBytes = Buffer.from(whole.base64, 'base64');
    // Only what the page lacks crossed (the file saved, the next is built anew: compressed by another engine).
    const heldBytes = held.slice(0, count).reduce((n, piece) => n + piece.length, 0);
    expect(Buffer.from(file.base64, 'base64').length).toBe(joined(parts ?? []).length - heldBytes);
    const assembled = unzipSync(joined(parts ?? []));
    expect(Object.keys(assembled)).toHaveLength(100 + 1);
    expect(assembled).toEqual(unzipSync(new Uint8Array(wholeBytes)));
    // A restarted worker made none of them: it gives none, and its file is whole.
    const restarted = worker();
    expect(await restarted.content({ type: 'bulk.pieces', runId, format: 'srt', from: 0 })).toBeNull();
  }, 30_000);
});
